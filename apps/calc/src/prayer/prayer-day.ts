// One day of a timetable: the prayer times (computePrayerTimes, unchanged), the
// Hijri date and the night times. A run of consecutive days shares the work: each
// day's night ends at the next day's Fajr, which is that day's own computation.
import type { CalculationParameters } from 'adhan';
import { addDays, MAX_YEAR, type CalendarDate } from '../calendar/calendar-date.ts';
import { inRuns, inTurn } from '../compute-turns.ts';
import { applyCustomRules } from './custom-rules.ts';
import { hijriFromGregorian, whyNoHijri, type HijriDate } from '../calendar/hijri.ts';
import { localDays, nextLocalDay } from '../calendar/local-days.ts';
import { nightTimes, type NightTimes } from './night-times.ts';
import { maySearch } from './polar-resolution.ts';
import { calculationParameters } from '../methods/methods.ts';
import {
  computePrayerTimes,
  timeUtc,
  type PrayerName,
  type PrayerTimeOptions,
  type PrayerTimesResult,
  type TimeOfDay,
} from './prayer-times.ts';
import type { PolarResolutionName } from './high-latitude.ts';
import { applyTune } from './tune.ts';

// Muslim World League's Maghrib is sunset itself (no angle, no minutes added), so
// its Maghrib is the day's sunset under the same high-latitude and polar rules.
const SUNSET_METHOD = 'mwl';

export interface DayOptions extends Omit<PrayerTimeOptions, 'date'> {
  /** -2..2 days added to the Hijri date for a local moon sighting. */
  hijriAdjustment: number;
  /** Minutes between imsak and Fajr. */
  imsakMinutes: number;
}

export interface PrayerDay {
  date: string;
  hijri: HijriDate | null;
  times: Record<PrayerName, TimeOfDay>;
  extra: NightTimes;
  note?: string;
}

/** The options of computePrayerTimes: the day's without the Hijri and imsak extras. */
function timeOptions(options: DayOptions, date: CalendarDate): PrayerTimeOptions {
  const { hijriAdjustment: _hijri, imsakMinutes: _imsak, ...rules } = options;
  return { ...rules, date };
}

function prayerTimes(
  lat: number,
  lon: number,
  timeZone: string,
  options: DayOptions,
  date: CalendarDate,
): PrayerTimesResult {
  return computePrayerTimes(lat, lon, timeZone, timeOptions(options, date));
}

/** Minutes added to a time before rounding: the method's, the request's tune. */
const minutesAdded = (params: CalculationParameters, name: PrayerName): number =>
  (params.adjustments[name] ?? 0) + (params.methodAdjustments[name] ?? 0);

/**
 * True when the day's Maghrib is the sunset sunsetOn computes, so no second
 * computation is needed: with the method, custom rules and tune applied, no Maghrib
 * angle, and the minutes added to Maghrib and to Dhuhr and the rounding are
 * SUNSET_METHOD's (singapore rounds up). Dhuhr decides which solar day adhan is handed
 * (dayForAdhan) and whether Maghrib is in its place (outOfOrder): cairo's Dhuhr (1 min
 * before mwl's) near local midnight, under a `timezone` far from the place, gives
 * another day's sunset.
 */
function maghribIsSunset(options: DayOptions): boolean {
  const own = applyTune(
    applyCustomRules(calculationParameters(options.method, options.school), options.rules ?? {}),
    options.tune ?? {},
  );
  const sunset = calculationParameters(SUNSET_METHOD, options.school);
  return (
    !own.maghribAngle &&
    own.horizon === undefined &&
    own.dailySun !== true &&
    own.roundingOf?.maghrib === undefined &&
    own.rounding === sunset.rounding &&
    minutesAdded(own, 'maghrib') === minutesAdded(sunset, 'maghrib') &&
    minutesAdded(own, 'dhuhr') === minutesAdded(sunset, 'dhuhr')
  );
}

/** Only the rules that move sunset: any custom Maghrib angle or minutes must not. */
function sunsetOn(lat: number, lon: number, timeZone: string, options: DayOptions, date: CalendarDate): string | null {
  const { school, highLatitudeRule, polarResolution } = options;
  return timeUtc(
    lat,
    lon,
    timeZone,
    { method: SUNSET_METHOD, school, highLatitudeRule, polarResolution, date },
    'maghrib',
  );
}

export interface PrayerDays {
  /** The days of the span that existed at the place, in order. */
  days: PrayerDay[];
  /** The dates the zone skipped (crossing the date line): left out of `days`. */
  skipped: string[];
}

/**
 * The `count` calendar days from `first`, each with its times, Hijri date and night.
 * A day the zone skipped is left out, and the night before it ends at the Fajr of the
 * next day that existed.
 */
export function computeDays(
  lat: number,
  lon: number,
  timeZone: string,
  options: DayOptions,
  first: CalendarDate,
  count: number,
): PrayerDays {
  const { days: dates, skipped } = localDays(first, count, timeZone);
  const after = nextLocalDay(addDays(first, count - 1), timeZone);
  // Each day's sunset comes straight after its times, while its solar day is still at hand.
  const sunsetIsMaghrib = maghribIsSunset(options);
  const results = dates.map((date) => {
    const result = prayerTimes(lat, lon, timeZone, options, date);
    return {
      ...result,
      sunset: sunsetIsMaghrib ? result.times.maghrib.utc : sunsetOn(lat, lon, timeZone, options, date),
    };
  });
  // The day after the span only ends the last night: its Fajr alone. A day after
  // MAX_YEAR has no four-digit year; its Fajr stays unknown.
  const afterFajr =
    after.year > MAX_YEAR ? undefined : timeUtc(lat, lon, timeZone, timeOptions(options, after), 'fajr');
  const days = dates.map((date, i) => {
    const { times, note, sunset } = results[i]!;
    const nextFajr = i + 1 < results.length ? results[i + 1]!.times.fajr.utc : afterFajr;
    const night = nightTimes(
      { date: date.iso, fajr: times.fajr.utc, sunset, nextFajr },
      options.imsakMinutes,
      timeZone,
    );
    const hijri = hijriFromGregorian(date.iso, options.hijriAdjustment);
    const notes = [hijri === null ? whyNoHijri(date.iso) : undefined, note, night.note].filter(
      (sentence) => sentence !== undefined,
    );
    const day: PrayerDay = { date: date.iso, hijri, times, extra: night.extra };
    return notes.length > 0 ? { ...day, note: notes.join(' ') } : day;
  });
  return { days, skipped };
}

/**
 * `answer()` now, or at a place where a day may be searched for (polar-resolution.ts: up to a
 * year of days tested) in a turn of its own (compute-turns.ts): five such days asked at once
 * held calc's event loop for their searches' sum (bench: worst-north-pole-day).
 */
export function inPlaceTurn<T>(lat: number, polarResolution: PolarResolutionName, answer: () => T): T | Promise<T> {
  return inTurn(maySearch(lat, polarResolution), answer);
}

// A month at a time: the longest run of days computed without letting other requests in
// (calc has one thread; a polar year in one go held every other request for over a second).
export const DAYS_PER_TURN = 31;

/** computeDays's days as JSON text, each run's days (without brackets) in a buffer of its own. */
export interface DaysJson {
  runs: Buffer[];
  skipped: string[];
}

/**
 * computeDays's days as JSON, in runs of at most DAYS_PER_TURN days: a month at once, more as one
 * of the long runs under way, a run per turn; at a polar place in runs of their own from the first
 * day, each as long as compute-turns.ts `inRuns` lets one hold the event loop. Each run is encoded
 * once computed: a year held as 365 days of objects, or built into one large string, across its
 * turns kept calc collecting its old generation (bench: prayer-calendar-year). The same days: each
 * run's last night ends at the next run's first Fajr, found the same way.
 */
export async function computeDaysJson(
  lat: number,
  lon: number,
  timeZone: string,
  options: DayOptions,
  first: CalendarDate,
  count: number,
): Promise<DaysJson> {
  const all: DaysJson = { runs: [], skipped: [] };
  const addRun = (done: number, size: number) => {
    const run = computeDays(lat, lon, timeZone, options, addDays(first, done), size);
    if (run.days.length > 0) all.runs.push(Buffer.from(JSON.stringify(run.days).slice(1, -1)));
    all.skipped.push(...run.skipped);
  };
  await inRuns(count, DAYS_PER_TURN, addRun, { ownTurn: maySearch(lat, options.polarResolution) });
  return all;
}
