// Prayer times for one place and day, with a note whenever a rule changed a time
// (docs/api-decisions.md "Prayer times"). adhan silently returns Invalid Date where a time does
// not exist; here that becomes { utc: null, local: null } and a sentence saying why.
import { Coordinates, PolarCircleResolution } from 'adhan';
import { addDays, compareIso, daysBetween, type CalendarDate } from '../calendar/calendar-date.ts';
import {
  adhanHighLatitudeRule,
  adhanPolarResolution,
  describePolarResolution,
  type HighLatitudeRuleName,
  type PolarResolutionName,
} from './high-latitude.ts';
import { applyCustomRules, type CustomRules } from './custom-rules.ts';
import { localDate, utcAndLocal, utcInstant } from '../calendar/local-time.ts';
import { calculationParameters, type MethodName, type SchoolName } from '../methods/methods.ts';
import { isPolarDay, prayerInstants } from './prayer-instants.ts';
import { DAY_ORDER, outOfOrder, type DayTime } from './prayer-order.ts';
import { applyTune, type Tune } from './tune.ts';

export const PRAYER_NAMES = DAY_ORDER;
export type PrayerName = DayTime;

export interface PrayerTimeOptions {
  method: MethodName;
  school: SchoolName;
  date: CalendarDate;
  highLatitudeRule: HighLatitudeRuleName;
  polarResolution: PolarResolutionName;
  /** Angles and an Isha interval replacing the method's (required with `other`). */
  rules?: CustomRules;
  /** The user's minute offsets per time. */
  tune?: Tune;
  /** The place's height in metres: lowers the horizon of sunrise and Maghrib (horizon.ts). */
  elevation?: number;
}

export interface TimeOfDay {
  utc: string | null;
  local: string | null;
}

export interface PrayerTimesResult {
  times: Record<PrayerName, TimeOfDay>;
  note?: string;
}

type Instants = Record<PrayerName, Date>;

// adhan bounds fajr/isha by `portion × night` from sunrise/sunset. A portion of a
// thousand nights puts that bound far outside the day, so the twilight angle alone
// decides: the "unadjusted" computation the note compares against.
const UNBOUNDED_NIGHT_PORTION = 1000;

interface Variant {
  polar?: (typeof PolarCircleResolution)[keyof typeof PolarCircleResolution];
  anglesOnly?: boolean;
}

/** `options.date` is the local day wanted; `day` is the day handed to adhan (see dayForAdhan). */
interface Computation extends PrayerTimeOptions {
  day: CalendarDate;
}

function compute(coordinates: Coordinates, options: Computation, variant: Variant = {}): Instants {
  const params = applyTune(
    applyCustomRules(calculationParameters(options.method, options.school, options.date.iso), options.rules ?? {}),
    options.tune ?? {},
  );
  params.highLatitudeRule = adhanHighLatitudeRule(options.highLatitudeRule, coordinates);
  params.polarCircleResolution = variant.polar ?? adhanPolarResolution(options.polarResolution);
  if (variant.anglesOnly) {
    params.nightPortions = () => ({ fajr: UNBOUNDED_NIGHT_PORTION, isha: UNBOUNDED_NIGHT_PORTION });
  }
  const { latitude, longitude } = coordinates;
  return prayerInstants({ latitude, longitude, elevation: options.elevation }, options.day, params);
}

const isValid = (date: Date): boolean => !Number.isNaN(date.getTime());

/** Same instant, or both missing. */
const sameTime = (a: Date, b: Date): boolean => (isValid(a) ? a.getTime() === b.getTime() : !isValid(b));

function changed(a: Instants, b: Instants, names: readonly PrayerName[]): PrayerName[] {
  return names.filter((name) => !sameTime(a[name], b[name]));
}

function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function notes(
  coordinates: Coordinates,
  options: Computation,
  result: Instants,
  dropped: readonly PrayerName[],
): string[] {
  const sentences: string[] = [];
  // Off the polar days, the resolution changes nothing (prayerInstants): no variant to compare.
  if (options.polarResolution !== 'unresolved' && isPolarDay(coordinates, options.day)) {
    const unresolved = compute(coordinates, options, { polar: PolarCircleResolution.Unresolved });
    if (changed(result, unresolved, PRAYER_NAMES).length > 0) {
      sentences.push(
        `The sun does not rise and set normally here around ${options.date.iso} (polar day or night), ` +
          `so times were computed for ${describePolarResolution(options.polarResolution)}.`,
      );
    }
  }
  const adjusted = changed(result, compute(coordinates, options, { anglesOnly: true }), ['fajr', 'isha']);
  if (adjusted.length > 0) {
    const rule = adhanHighLatitudeRule(options.highLatitudeRule, coordinates);
    const named = options.highLatitudeRule === 'recommended' ? `recommended (${rule})` : rule;
    sentences.push(
      `${listNames(adjusted)} ${adjusted.length > 1 ? 'were' : 'was'} set by the ${named} high-latitude rule, ` +
        "because the method's twilight angle is not reached or falls outside that part of the night.",
    );
  }
  const missing = PRAYER_NAMES.filter((name) => !isValid(result[name]));
  if (missing.length > 0) {
    const why =
      options.polarResolution === 'unresolved' ? 'polarResolution is unresolved' : 'no resolution found a usable day';
    sentences.push(
      `${listNames(missing)} ${missing.length > 1 ? 'do' : 'does'} not occur here on ${options.date.iso} ` +
        `and ${why}, so ${missing.length > 1 ? 'they are' : 'it is'} null.`,
    );
  }
  // Asr is the afternoon between sunrise and sunset: without them it is dropped even
  // where the sun does reach its altitude (Tromsø at midsummer, unresolved).
  const noDay = dropped.includes('asr') && (!isValid(result.sunrise) || !isValid(result.maghrib));
  if (noDay) {
    sentences.push(
      `asr is null because the sun does not rise or set here on ${options.date.iso} (polar day or night), ` +
        'and Asr is defined as a time between sunrise and sunset.',
    );
  }
  const misplaced = dropped.filter((name) => !(noDay && name === 'asr'));
  if (misplaced.length > 0) {
    const why =
      options.method === 'other' && options.rules?.fajrAngle === undefined
        ? 'method other has no twilight angles (0°)'
        : 'the sun does not reach the needed altitude in its place in the day';
    sentences.push(
      `${listNames(misplaced)} would fall outside ${misplaced.length > 1 ? 'their places' : 'its place'} in the day ` +
        `(fajr, sunrise, dhuhr, asr, maghrib, isha) here on ${options.date.iso} because ${why}, ` +
        `so ${misplaced.length > 1 ? 'they are' : 'it is'} null.`,
    );
  }
  return sentences;
}

/** Times shown on another local date than the one asked for (high-latitude summers). */
function otherDayNotes(times: Record<PrayerName, TimeOfDay>, wanted: string): string[] {
  const sentences: string[] = [];
  for (const [direction, label] of [
    [1, 'after'],
    [-1, 'before'],
  ] as const) {
    const names = PRAYER_NAMES.filter((name) => {
      const local = times[name].local;
      return local !== null && compareIso(local.slice(0, 10), wanted) === direction;
    });
    if (names.length === 0) continue;
    const dates = [...new Set(names.map((name) => times[name].local!.slice(0, 10)))].join(' and ');
    sentences.push(
      `${listNames(names)} ${names.length > 1 ? 'fall' : 'falls'} ${label} local midnight here, on ${dates}.`,
    );
  }
  return sentences;
}

// adhan rounds to the minute by seconds only; night-fraction arithmetic can leave
// a sub-second rest (…:00.500Z) that is noise, so whole seconds are shown (utcAndLocal).
function timeOfDay(instant: Date, timeZone: string): TimeOfDay {
  return isValid(instant) ? utcAndLocal(instant.getTime(), timeZone) : { utc: null, local: null };
}

/**
 * adhan computes the solar day of `date` at the longitude and returns it on that UTC
 * date. Where the zone is ~a day away from solar time (UTC+13/+14 east of the date
 * line: Apia, Kiritimati, Tonga), that lands on the neighbouring local day; shifting
 * the day handed to adhan puts dhuhr (which always exists) back on the day asked for.
 */
function dayForAdhan(
  coordinates: Coordinates,
  options: PrayerTimeOptions,
  timeZone: string,
): { day: CalendarDate; instants: Instants } {
  const first = { ...options, day: options.date };
  const instants = compute(coordinates, first);
  const offsetDays = daysBetween(options.date.iso, localDate(instants.dhuhr, timeZone));
  if (offsetDays === 0) return { day: options.date, instants };
  const day = addDays(options.date, -offsetDays);
  return { day, instants: compute(coordinates, { ...options, day }) };
}

export function computePrayerTimes(
  lat: number,
  lon: number,
  timeZone: string,
  options: PrayerTimeOptions,
): PrayerTimesResult {
  const coordinates = new Coordinates(lat, lon);
  const { day, instants } = dayForAdhan(coordinates, options, timeZone);
  const dropped = outOfOrder(instants);
  const shown = (name: PrayerName) =>
    dropped.includes(name) ? { utc: null, local: null } : timeOfDay(instants[name], timeZone);
  const times = Object.fromEntries(PRAYER_NAMES.map((name) => [name, shown(name)])) as Record<PrayerName, TimeOfDay>;
  const sentences = [
    ...notes(coordinates, { ...options, day }, instants, dropped),
    ...otherDayNotes(times, options.date.iso),
  ];
  return sentences.length > 0 ? { times, note: sentences.join(' ') } : { times };
}

/** computePrayerTimes(…).times[name].utc alone: no notes, no variants, no wall clocks. */
export function timeUtc(
  lat: number,
  lon: number,
  timeZone: string,
  options: PrayerTimeOptions,
  name: PrayerName,
): string | null {
  const { instants } = dayForAdhan(new Coordinates(lat, lon), options, timeZone);
  if (outOfOrder(instants).includes(name) || !isValid(instants[name])) return null;
  return utcInstant(instants[name].getTime());
}
