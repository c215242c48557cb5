// The six instants for one day from adhan's CalculationParameters, with adhan's rules
// (high-latitude night portions, the Moonsighting Committee's seasons, Isha intervals,
// Maghrib angles, adjustments, rounding per method) but every astronomical event taken
// at the sun's position at that instant (sun-events.ts), or once a day where the
// authority's algorithm does (daily-sun.ts), and sunrise and Maghrib at the authority's
// horizon for the place's height (horizon.ts). Where sunrise or sunset does not exist and
// a polar resolution is asked for, the day is adhan's own (polar-resolution.ts): its times
// are another latitude's or day's by definition, so precision gains nothing there.
import { Madhab, PolarCircleResolution, Rounding } from 'adhan';
import type { MethodParameters } from '../methods/method-conventions.ts';
import type { MinuteRounding } from '../methods/method-registry.ts';
import type { CalendarDate } from '../calendar/calendar-date.ts';
import { asrUsesDailyDeclination } from './asr-convention.ts';
import { polarInstants } from './polar-resolution.ts';
import { seasonalFajr, seasonalIsha } from './seasonal-twilight.ts';
import { sunPosition } from './solar-position.ts';
import { dailySun } from './daily-sun.ts';
import { horizonDepth, STANDARD_DIP_DEG_PER_SQRT_M, STANDARD_HORIZON_DEG } from './horizon.ts';
import { eventAround, transitOfDay, type AltitudeRule, type Place } from './sun-events.ts';

export const INSTANT_NAMES = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type InstantName = (typeof INSTANT_NAMES)[number];
export type Instants = Record<InstantName, Date>;

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
// Sunrise and sunset: the sun's centre 50′ below the horizon (16′ radius plus 34′
// standard refraction), as adhan and the almanacs use; they also bound the night.
const HORIZON_ALTITUDE_DEG = -STANDARD_HORIZON_DEG;
// adhan's Moonsighting Committee uses a seventh of the night from 55° N.
const MSC_SEVENTH_LATITUDE_DEG = 55;
const MSC_METHOD = 'MoonsightingCommittee';

const toRadians = (deg: number): number => (deg * Math.PI) / 180;
const toDegrees = (rad: number): number => (rad * 180) / Math.PI;

/** Asr: where a stick's shadow is `factor` lengths plus its noon shadow, |φ − δ| at that instant. */
function asrAltitude(latitude: number, factor: number): (declination: number) => number {
  return (declination) => toDegrees(Math.atan(1 / (factor + Math.tan(toRadians(Math.abs(latitude - declination))))));
}

interface SolarDay {
  transit: number;
  sunrise: number;
  sunset: number;
  /** The next day's sunrise (the night's end), found on first use. */
  tomorrowSunrise?: number;
  /** The instant the sun stands at an altitude on a side of this day's transit (NaN: it does not). */
  find: (altitude: AltitudeRule, side: -1 | 1) => number;
  /**
   * Events already found on this day, by what was asked: one answer computes a day up
   * to six times (its variants, the sunset under other rules, the night's next day),
   * and each asks for the same altitudes.
   */
  events: Map<string, number>;
}

/** The event `key` names on `sun`'s day, found once. */
function dayEvent(sun: SolarDay, key: string, find: () => number): number {
  let ms = sun.events.get(key);
  if (ms === undefined) {
    ms = find();
    sun.events.set(key, ms);
  }
  return ms;
}

// The solar days computed last, by place, UTC day and sun model: a timetable asks for
// each day again as the day before's tomorrow, and a prayer-time answer for today and
// tomorrow. Found by comparing numbers (a key string cost more than the look-up).
const RECENT_SOLAR_DAYS_MAX = 8;
const recentSolarDays: Array<{
  latitude: number;
  longitude: number;
  dayStartMs: number;
  daily: boolean;
  sun: SolarDay;
}> = [];
let oldestSolarDay = 0;

/** The day's transit and event finder: the sun at each event's instant, or once a day (daily-sun.ts). */
function sunModel(place: Place, dayStartMs: number, daily: boolean): Pick<SolarDay, 'transit' | 'find'> {
  if (daily) {
    const sun = dailySun(place, dayStartMs);
    return { transit: sun.transit, find: (altitude, side) => sun.event(altitude, side) };
  }
  const transit = transitOfDay(place, dayStartMs);
  return { transit, find: (altitude, side) => eventAround(place, transit, altitude, side) };
}

function solarDayAt(place: Place, dayStartMs: number, daily: boolean): SolarDay {
  const { latitude, longitude } = place;
  for (const recent of recentSolarDays) {
    const same = recent.dayStartMs === dayStartMs && recent.daily === daily;
    if (same && recent.latitude === latitude && recent.longitude === longitude) return recent.sun;
  }
  const { transit, find } = sunModel(place, dayStartMs, daily);
  const sun = {
    transit,
    sunrise: find(HORIZON_ALTITUDE_DEG, -1),
    sunset: find(HORIZON_ALTITUDE_DEG, 1),
    find,
    events: new Map(),
  };
  const entry = { latitude, longitude, dayStartMs, daily, sun };
  if (recentSolarDays.length < RECENT_SOLAR_DAYS_MAX) recentSolarDays.push(entry);
  else {
    recentSolarDays[oldestSolarDay] = entry;
    oldestSolarDay = (oldestSolarDay + 1) % RECENT_SOLAR_DAYS_MAX;
  }
  return sun;
}

function solarDay(place: Place, day: CalendarDate, daily = false): Required<SolarDay> {
  const start = Date.UTC(day.year, day.month - 1, day.day);
  const sun = solarDayAt(place, start, daily);
  sun.tomorrowSunrise ??= solarDayAt(place, start + MS_PER_DAY, daily).sunrise;
  return sun as Required<SolarDay>;
}

/** Sunrise, sunset or the next sunrise is missing (polar day or night). */
const isPolar = (sun: Required<SolarDay>): boolean => [sun.sunrise, sun.sunset, sun.tomorrowSunrise].some(Number.isNaN);

/** Whether sunrise, sunset or the next sunrise is missing on adhan's UTC day `day` (polar day or night). */
export function isPolarDay(place: Place, day: CalendarDate): boolean {
  return isPolar(solarDay(place, day));
}

/**
 * Asr at the instant the shadow reaches its length: |φ − δ| with δ at that instant, or,
 * for a method whose authority takes one declination per day (asr-convention.ts), δ at
 * the day's local mean midnight (0 h UT − λ/15).
 */
function asrOf(place: Place, day: CalendarDate, sun: SolarDay, params: MethodParameters): number {
  const factor = params.madhab === Madhab.Hanafi ? 2 : 1;
  const altitude = asrAltitude(place.latitude, factor);
  if (!asrUsesDailyDeclination(params.method ?? '')) return dayEvent(sun, `asr ${factor}`, () => sun.find(altitude, 1));
  const midnight = Date.UTC(day.year, day.month - 1, day.day) - (place.longitude / 15) * MS_PER_HOUR;
  return dayEvent(sun, `asr ${factor} daily`, () => sun.find(altitude(sunPosition(midnight).declination), 1));
}

/** NaN-safe "a is later than b", as adhan's `safeFajr > fajrTime` on Dates. */
const isLater = (a: number, b: number): boolean => a > b;

function fajrOf(place: Place, day: CalendarDate, sun: SolarDay, params: MethodParameters, night: number): number {
  let fajr = dayEvent(sun, `${-params.fajrAngle} -1`, () => sun.find(-params.fajrAngle, -1));
  const seasonal = params.method === MSC_METHOD;
  if (seasonal && place.latitude >= MSC_SEVENTH_LATITUDE_DEG) fajr = sun.sunrise - night / 7;
  const safe = seasonal
    ? seasonalFajr(place.latitude, day, sun.sunrise)
    : sun.sunrise - params.nightPortions().fajr * night;
  return Number.isNaN(fajr) || isLater(safe, fajr) ? safe : fajr;
}

/** Isha by its twilight angle, bounded by the high-latitude rule (adhan's rules). */
function ishaByAngle(place: Place, day: CalendarDate, sun: SolarDay, params: MethodParameters, night: number): number {
  let isha = dayEvent(sun, `${-params.ishaAngle} 1`, () => sun.find(-params.ishaAngle, 1));
  const seasonal = params.method === MSC_METHOD;
  if (seasonal && place.latitude >= MSC_SEVENTH_LATITUDE_DEG) isha = sun.sunset + night / 7;
  const safe = seasonal
    ? seasonalIsha(place.latitude, day, sun.sunset, params.shafaq)
    : sun.sunset + params.nightPortions().isha * night;
  return Number.isNaN(isha) || isLater(isha, safe) ? safe : isha;
}

/** The place, and its height in metres for the methods' horizon (0 or less: sea level). */
export interface InstantsPlace extends Place {
  elevation?: number;
}

/**
 * Sunrise or sunset at the method's horizon: the standard 50′ unless the authority takes
 * another depth, lowered by the dip at the place's height (horizon.ts).
 */
function horizonEvent(place: InstantsPlace, sun: SolarDay, params: MethodParameters, side: -1 | 1): number {
  const seaLevel = side === -1 ? params.horizon?.sunrise : params.horizon?.maghrib;
  const elevation = place.elevation ?? 0;
  const standard = side === -1 ? sun.sunrise : sun.sunset;
  if (seaLevel === undefined && elevation <= 0) return standard;
  const dip = params.elevationDip ?? STANDARD_DIP_DEG_PER_SQRT_M;
  const depth = horizonDepth(seaLevel ?? STANDARD_HORIZON_DEG, dip, elevation);
  return dayEvent(sun, `horizon ${-depth} ${side}`, () => sun.find(-depth, side));
}

/**
 * Maghrib: sunset at the method's horizon, or the instant the sun reaches the method's
 * Maghrib angle when that comes after it and before Isha (adhan's condition).
 */
function maghribOf(sun: SolarDay, params: MethodParameters, sunset: number, isha: number): number {
  if (!params.maghribAngle) return sunset;
  const byAngle = dayEvent(sun, `${-params.maghribAngle} 1`, () => sun.find(-params.maghribAngle, 1));
  return isLater(byAngle, sunset) && isLater(isha, byAngle) ? byAngle : sunset;
}

/**
 * An Isha interval counts from Maghrib as shown, with the method's Maghrib offset
 * (portugal's +3, jordan's +5) or angle (tehran's 4.5°): adhan counts from sunset. The
 * method's own Isha offset, added later in `finish`, is taken out so the gap stays
 * the interval (portugal's Isha +3 is that same offset: Isha 77 min after Maghrib).
 */
function ishaAfterMaghrib(maghrib: number, params: MethodParameters): number {
  const offsetMinutes = (params.methodAdjustments.maghrib ?? 0) - (params.methodAdjustments.isha ?? 0);
  return maghrib + (params.ishaInterval + offsetMinutes) * MS_PER_MINUTE;
}

/**
 * adhan's rounding on the exact instant (nearest minute, half up; the next minute; none),
 * or a time's own rule (`down`: the seconds dropped).
 */
function rounded(ms: number, rounding: string | MinuteRounding): number {
  if (rounding === Rounding.None || Number.isNaN(ms)) return ms;
  if (rounding === Rounding.Up) return Math.ceil(ms / MS_PER_MINUTE) * MS_PER_MINUTE;
  if (rounding === 'down') return Math.floor(ms / MS_PER_MINUTE) * MS_PER_MINUTE;
  return Math.floor(ms / MS_PER_MINUTE + 0.5) * MS_PER_MINUTE;
}

function finish(raw: Record<InstantName, number>, params: MethodParameters): Instants {
  const result = {} as Instants;
  for (const name of INSTANT_NAMES) {
    const minutes = (params.adjustments[name] ?? 0) + (params.methodAdjustments[name] ?? 0);
    // A time's own rule applies only where the minute is rounded at all (Rounding.None measures).
    const own = params.rounding === Rounding.None ? undefined : params.roundingOf?.[name];
    result[name] = new Date(rounded(raw[name] + minutes * MS_PER_MINUTE, own ?? params.rounding));
  }
  return result;
}

/** The day's instants on adhan's UTC day `day` (see prayer-times.ts, dayForAdhan). */
export function prayerInstants(place: InstantsPlace, day: CalendarDate, params: MethodParameters): Instants {
  const sun = solarDay(place, day, params.dailySun === true);
  if (isPolar(sun) && params.polarCircleResolution !== PolarCircleResolution.Unresolved)
    return polarInstants(place, day, params);
  const night = sun.tomorrowSunrise - sun.sunset;
  const interval = params.ishaInterval > 0;
  const angleIsha = interval ? Number.POSITIVE_INFINITY : ishaByAngle(place, day, sun, params, night);
  const maghrib = maghribOf(sun, params, horizonEvent(place, sun, params, 1), angleIsha);
  const isha = interval ? ishaAfterMaghrib(maghrib, params) : angleIsha;
  const raw = {
    fajr: fajrOf(place, day, sun, params, night),
    sunrise: horizonEvent(place, sun, params, -1),
    dhuhr: sun.transit,
    asr: asrOf(place, day, sun, params),
    maghrib,
    isha,
  };
  return finish(raw, params);
}
