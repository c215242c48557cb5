// The six instants for one day from adhan's CalculationParameters, with adhan's rules
// (high-latitude night portions, the Moonsighting Committee's seasons, Isha intervals,
// Maghrib angles, adjustments, rounding per method) but every astronomical event taken
// at the sun's position at that instant (sun-events.ts). Where sunrise or sunset does
// not exist and a polar resolution is asked for, the day is adhan's own (polar-resolution.ts):
// its times are another latitude's or day's by definition, so precision gains nothing there.
import { Madhab, PolarCircleResolution, Rounding, type CalculationParameters } from 'adhan';
import type { CalendarDate } from '../calendar/calendar-date.ts';
import { asrUsesDailyDeclination } from './asr-convention.ts';
import { polarInstants } from './polar-resolution.ts';
import { seasonalFajr, seasonalIsha } from './seasonal-twilight.ts';
import { sunPosition } from './solar-position.ts';
import { eventAround, transitOfDay, type Place } from './sun-events.ts';

export const INSTANT_NAMES = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type InstantName = (typeof INSTANT_NAMES)[number];
export type Instants = Record<InstantName, Date>;

const MS_PER_MINUTE = 60_000;
const MS_PER_HOUR = 3_600_000;
const MS_PER_DAY = 86_400_000;
// Sunrise and sunset: the sun's centre 50′ below the horizon (16′ radius plus 34′
// standard refraction), as adhan and the almanacs use.
const HORIZON_ALTITUDE_DEG = -50 / 60;
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

// The solar days computed last, by place and UTC day: a timetable asks for each day
// again as the day before's tomorrow, and a prayer-time answer for today and tomorrow.
// Found by comparing numbers (a key string of the place and day cost more than the look-up).
const RECENT_SOLAR_DAYS_MAX = 8;
const recentSolarDays: Array<{ latitude: number; longitude: number; dayStartMs: number; sun: SolarDay }> = [];
let oldestSolarDay = 0;

function solarDayAt(place: Place, dayStartMs: number): SolarDay {
  const { latitude, longitude } = place;
  for (const recent of recentSolarDays) {
    if (recent.dayStartMs === dayStartMs && recent.latitude === latitude && recent.longitude === longitude)
      return recent.sun;
  }
  const transit = transitOfDay(place, dayStartMs);
  const sun = {
    transit,
    sunrise: eventAround(place, transit, HORIZON_ALTITUDE_DEG, -1),
    sunset: eventAround(place, transit, HORIZON_ALTITUDE_DEG, 1),
    events: new Map(),
  };
  const entry = { latitude, longitude, dayStartMs, sun };
  if (recentSolarDays.length < RECENT_SOLAR_DAYS_MAX) recentSolarDays.push(entry);
  else {
    recentSolarDays[oldestSolarDay] = entry;
    oldestSolarDay = (oldestSolarDay + 1) % RECENT_SOLAR_DAYS_MAX;
  }
  return sun;
}

function solarDay(place: Place, day: CalendarDate): Required<SolarDay> {
  const start = Date.UTC(day.year, day.month - 1, day.day);
  const sun = solarDayAt(place, start);
  sun.tomorrowSunrise ??= solarDayAt(place, start + MS_PER_DAY).sunrise;
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
function asrOf(place: Place, day: CalendarDate, sun: SolarDay, params: CalculationParameters): number {
  const factor = params.madhab === Madhab.Hanafi ? 2 : 1;
  const altitude = asrAltitude(place.latitude, factor);
  if (!asrUsesDailyDeclination(params.method ?? ''))
    return dayEvent(sun, `asr ${factor}`, () => eventAround(place, sun.transit, altitude, 1));
  const midnight = Date.UTC(day.year, day.month - 1, day.day) - (place.longitude / 15) * MS_PER_HOUR;
  return dayEvent(sun, `asr ${factor} daily`, () =>
    eventAround(place, sun.transit, altitude(sunPosition(midnight).declination), 1),
  );
}

/** NaN-safe "a is later than b", as adhan's `safeFajr > fajrTime` on Dates. */
const isLater = (a: number, b: number): boolean => a > b;

function fajrOf(place: Place, day: CalendarDate, sun: SolarDay, params: CalculationParameters, night: number): number {
  let fajr = dayEvent(sun, `${-params.fajrAngle} -1`, () => eventAround(place, sun.transit, -params.fajrAngle, -1));
  const seasonal = params.method === MSC_METHOD;
  if (seasonal && place.latitude >= MSC_SEVENTH_LATITUDE_DEG) fajr = sun.sunrise - night / 7;
  const safe = seasonal
    ? seasonalFajr(place.latitude, day, sun.sunrise)
    : sun.sunrise - params.nightPortions().fajr * night;
  return Number.isNaN(fajr) || isLater(safe, fajr) ? safe : fajr;
}

/** Isha by its twilight angle, bounded by the high-latitude rule (adhan's rules). */
function ishaByAngle(
  place: Place,
  day: CalendarDate,
  sun: SolarDay,
  params: CalculationParameters,
  night: number,
): number {
  let isha = dayEvent(sun, `${-params.ishaAngle} 1`, () => eventAround(place, sun.transit, -params.ishaAngle, 1));
  const seasonal = params.method === MSC_METHOD;
  if (seasonal && place.latitude >= MSC_SEVENTH_LATITUDE_DEG) isha = sun.sunset + night / 7;
  const safe = seasonal
    ? seasonalIsha(place.latitude, day, sun.sunset, params.shafaq)
    : sun.sunset + params.nightPortions().isha * night;
  return Number.isNaN(isha) || isLater(isha, safe) ? safe : isha;
}

/**
 * Maghrib: sunset, or the instant the sun reaches the method's Maghrib angle when that
 * comes after sunset and before Isha (adhan's condition).
 */
function maghribOf(place: Place, sun: SolarDay, params: CalculationParameters, isha: number): number {
  if (!params.maghribAngle) return sun.sunset;
  const byAngle = dayEvent(sun, `${-params.maghribAngle} 1`, () =>
    eventAround(place, sun.transit, -params.maghribAngle, 1),
  );
  return isLater(byAngle, sun.sunset) && isLater(isha, byAngle) ? byAngle : sun.sunset;
}

/**
 * An Isha interval counts from Maghrib as shown, with the method's Maghrib offset
 * (portugal's +3, jordan's +5) or angle (tehran's 4.5°): adhan counts from sunset. The
 * method's own Isha offset, added later in `finish`, is taken out so the gap stays
 * the interval (portugal's Isha +3 is that same offset: Isha 77 min after Maghrib).
 */
function ishaAfterMaghrib(maghrib: number, params: CalculationParameters): number {
  const offsetMinutes = (params.methodAdjustments.maghrib ?? 0) - (params.methodAdjustments.isha ?? 0);
  return maghrib + (params.ishaInterval + offsetMinutes) * MS_PER_MINUTE;
}

/** adhan's rounding on the exact instant: nearest minute (half up), the next minute, or none. */
function rounded(ms: number, rounding: string): number {
  if (rounding === Rounding.None || Number.isNaN(ms)) return ms;
  if (rounding === Rounding.Up) return Math.ceil(ms / MS_PER_MINUTE) * MS_PER_MINUTE;
  return Math.floor(ms / MS_PER_MINUTE + 0.5) * MS_PER_MINUTE;
}

function finish(raw: Record<InstantName, number>, params: CalculationParameters): Instants {
  const result = {} as Instants;
  for (const name of INSTANT_NAMES) {
    const minutes = (params.adjustments[name] ?? 0) + (params.methodAdjustments[name] ?? 0);
    result[name] = new Date(rounded(raw[name] + minutes * MS_PER_MINUTE, params.rounding));
  }
  return result;
}

/** The day's instants on adhan's UTC day `day` (see prayer-times.ts, dayForAdhan). */
export function prayerInstants(place: Place, day: CalendarDate, params: CalculationParameters): Instants {
  const sun = solarDay(place, day);
  if (isPolar(sun) && params.polarCircleResolution !== PolarCircleResolution.Unresolved)
    return polarInstants(place, day, params);
  const night = sun.tomorrowSunrise - sun.sunset;
  const interval = params.ishaInterval > 0;
  const angleIsha = interval ? Number.POSITIVE_INFINITY : ishaByAngle(place, day, sun, params, night);
  const maghrib = maghribOf(place, sun, params, angleIsha);
  const isha = interval ? ishaAfterMaghrib(maghrib, params) : angleIsha;
  const raw = {
    fajr: fajrOf(place, day, sun, params, night),
    sunrise: sun.sunrise,
    dhuhr: sun.transit,
    asr: asrOf(place, day, sun, params),
    maghrib,
    isha,
  };
  return finish(raw, params);
}
