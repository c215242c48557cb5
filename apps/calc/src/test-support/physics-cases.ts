// Seeded random places and days, and what physics says each prayer time must be there:
// the instant the sun reaches the method's defining altitude (sun-reference.ts), then
// the method's documented rules on top (high-latitude night portions, Isha intervals,
// adjustments in minutes, rounding). Shared by the physics test and the measurement
// script (scripts/physics-agreement.ts), so both measure the same way.
import { HighLatitudeRule, Madhab, Rounding } from 'adhan';
import type { MethodParameters } from '../methods/method-conventions.ts';
import { asrUsesDailyDeclination } from '../prayer/asr-convention.ts';
import {
  altitudeCrossing,
  asrAltitude,
  dailyCrossings,
  declinationAt,
  sunPlace,
  type AltitudeTarget,
  transitAfter,
  type SunPlace,
} from './sun-reference.ts';

export const TIMES = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type TimeName = (typeof TIMES)[number];

// Sunrise and sunset: the upper limb on the horizon with standard refraction, the
// sun's centre at −50′ (adhan's SolarTime, and the almanacs').
export const HORIZON_ALTITUDE_DEG = -50 / 60;
// Latitudes sampled: the inhabited world up to the polar circles, where sunrise and
// sunset exist on most days; polar days are skipped (their times are a resolution's).
export const MAX_SAMPLED_LATITUDE_DEG = 66;
const FIRST_SAMPLED_YEAR = 1990;
const SAMPLED_YEARS = 70;
const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;
const SEARCH_BACK_MS = MS_PER_DAY / 2;

export const SAMPLED_HIGH_LATITUDE_RULES = ['middleofthenight', 'seventhofthenight', 'twilightangle'] as const;

/** mulberry32: a small seeded generator, so every run sees the same cases. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface PlaceDay {
  lat: number;
  lon: number;
  /** YYYY-MM-DD */
  date: string;
}

export function randomPlaceDay(random: () => number): PlaceDay {
  const round4 = (value: number) => Math.round(value * 1e4) / 1e4;
  const lat = round4((random() * 2 - 1) * MAX_SAMPLED_LATITUDE_DEG);
  const lon = round4((random() * 2 - 1) * 180);
  const dayMs = Date.UTC(FIRST_SAMPLED_YEAR, 0, 1) + Math.floor(random() * SAMPLED_YEARS * 365.25) * MS_PER_DAY;
  return { lat, lon, date: new Date(dayMs).toISOString().slice(0, 10) };
}

/** `exact`: within tolerance of `instant`; `not-before`/`not-after`: a rule may only move it that way. */
export interface Expected {
  instant: Date;
  kind: 'exact' | 'not-before' | 'not-after';
  /**
   * The sun's crossing the time hangs on, where a grazing allowance measures how fast
   * the altitude changes: `instant` itself, or Maghrib for an Isha counted in minutes
   * from it, or the instant before a method's minute adjustment.
   */
  event: Date;
}

export interface SolarDayEvents {
  transit: Date;
  sunrise: Date;
  sunset: Date;
  nextSunrise: Date;
  /** The crossing of an altitude on a side of this day's transit; null where the sun does not reach it. */
  cross: (target: AltitudeTarget, side: 'morning' | 'evening') => Date | null;
}

/** The solar day whose transit is nearest `nearDhuhr`; null on a polar day or night. */
export function solarDay(place: SunPlace, nearDhuhr: Date): SolarDayEvents | null {
  const transit = transitAfter(place, new Date(nearDhuhr.getTime() - SEARCH_BACK_MS));
  const next = transitAfter(place, new Date(transit.getTime() + MS_PER_DAY / 4));
  const sunrise = altitudeCrossing(place, transit, HORIZON_ALTITUDE_DEG, 'morning');
  const sunset = altitudeCrossing(place, transit, HORIZON_ALTITUDE_DEG, 'evening');
  const nextSunrise = altitudeCrossing(place, next, HORIZON_ALTITUDE_DEG, 'morning');
  if (sunrise === null || sunset === null || nextSunrise === null) return null;
  const cross = (target: AltitudeTarget, side: 'morning' | 'evening') => altitudeCrossing(place, transit, target, side);
  return { transit, sunrise, sunset, nextSunrise, cross };
}

/** The solar day of a method that takes the sun once a day (dailyCrossings): the UTC date of `nearDhuhr`. */
export function dailySolarDay(place: SunPlace, nearDhuhr: Date): SolarDayEvents | null {
  const dayStart = new Date(Math.floor(nearDhuhr.getTime() / MS_PER_DAY) * MS_PER_DAY);
  const { transit, cross } = dailyCrossings(place, dayStart);
  const sunrise = cross(HORIZON_ALTITUDE_DEG, 'morning');
  const sunset = cross(HORIZON_ALTITUDE_DEG, 'evening');
  const nextSunrise = dailyCrossings(place, new Date(dayStart.getTime() + MS_PER_DAY)).cross(
    HORIZON_ALTITUDE_DEG,
    'morning',
  );
  if (sunrise === null || sunset === null || nextSunrise === null) return null;
  return { transit, sunrise, sunset, nextSunrise, cross };
}

const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b);
const earlier = (a: Date, b: Date): Date => (a.getTime() <= b.getTime() ? a : b);
const plusMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);

function nightPortion(rule: string, angle: number): number {
  if (rule === HighLatitudeRule.SeventhOfTheNight) return 1 / 7;
  if (rule === HighLatitudeRule.TwilightAngle) return angle / 60;
  return 1 / 2;
}

// The Moonsighting Committee bounds Fajr and Isha by its own seasonal table (and by a
// seventh of the night from 55°): such a rule can only move Fajr later and Isha earlier.
const MSC_SEVENTH_LATITUDE_DEG = 55;
const isSeasonal = (params: MethodParameters): boolean => params.method === 'MoonsightingCommittee';

function twilight(
  place: SunPlace,
  day: SolarDayEvents,
  params: MethodParameters,
  rule: string,
  which: 'fajr' | 'isha',
): Expected {
  const night = day.nextSunrise.getTime() - day.sunset.getTime();
  const angle = which === 'fajr' ? params.fajrAngle : params.ishaAngle;
  const side = which === 'fajr' ? 'morning' : 'evening';
  const byAngle = day.cross(-angle, side);
  const portionMs = nightPortion(rule, angle) * night;
  const bound = which === 'fajr' ? plusMs(day.sunrise, -portionMs) : plusMs(day.sunset, portionMs);
  if (isSeasonal(params)) {
    if (byAngle === null) throw new Error('seasonal method without twilight: caller skips it');
    return { instant: byAngle, kind: which === 'fajr' ? 'not-before' : 'not-after', event: byAngle };
  }
  if (byAngle === null) return { instant: bound, kind: 'exact', event: bound };
  const instant = which === 'fajr' ? later(byAngle, bound) : earlier(byAngle, bound);
  return { instant, kind: 'exact', event: instant };
}

/**
 * Local mean midnight before the transit (12 h of mean solar time earlier, to the
 * nearest local mean midnight): whose declination a daily-declination method's Asr
 * uses (src/prayer/asr-convention.ts).
 */
function dailyDeclinationInstant(place: SunPlace, day: SolarDayEvents): Date {
  const offsetMs = (place.longitude / 15) * 3_600_000;
  const localMeanMs = day.transit.getTime() + offsetMs - MS_PER_DAY / 2;
  return new Date(Math.round(localMeanMs / MS_PER_DAY) * MS_PER_DAY - offsetMs);
}

/**
 * What each time must be, before the method's rounding, for `params` (a method's
 * declared angles, interval, adjustments and school) under `rule`. Null: not measured
 * (the Moonsighting Committee's twilight where its angle is never reached or from 55° N,
 * where its seventh-of-the-night rule replaces the angle).
 */
export function expectedTimes(
  place: SunPlace,
  day: SolarDayEvents,
  params: MethodParameters,
  rule: string,
): Record<TimeName, Expected | null> {
  const exact = (instant: Date | null): Expected | null =>
    instant === null ? null : { instant, kind: 'exact', event: instant };
  const factor = params.madhab === Madhab.Hanafi ? 2 : 1;
  const shadow = asrAltitude(place.latitude, factor);
  const asrTarget = asrUsesDailyDeclination(params.method ?? '')
    ? shadow(declinationAt(dailyDeclinationInstant(place, day)))
    : shadow;
  const asr = day.cross(asrTarget, 'evening');
  // adhan's Moonsighting Committee switches to a seventh of the night from 55° N.
  const seasonalWithoutTwilight = (angle: number, side: 'morning' | 'evening') =>
    isSeasonal(params) && (place.latitude >= MSC_SEVENTH_LATITUDE_DEG || day.cross(-angle, side) === null);
  const fajr = seasonalWithoutTwilight(params.fajrAngle, 'morning') ? null : twilight(place, day, params, rule, 'fajr');
  const interval = params.ishaInterval > 0;
  const angleIsha =
    interval || seasonalWithoutTwilight(params.ishaAngle, 'evening')
      ? null
      : twilight(place, day, params, rule, 'isha');
  // Maghrib by its angle when that comes after sunset and (for an angle Isha) before Isha.
  // Sunrise and sunset at the method's own horizon (the physics cases are at sea level).
  const sunrise = params.horizon ? day.cross(-params.horizon.sunrise, 'morning') : day.sunrise;
  const sunset = params.horizon ? day.cross(-params.horizon.maghrib, 'evening') : day.sunset;
  let maghrib = sunset;
  if (params.maghribAngle && sunset !== null) {
    const byAngle = day.cross(-params.maghribAngle, 'evening');
    if (byAngle !== null && byAngle > sunset && (interval || (angleIsha !== null && byAngle < angleIsha.instant)))
      maghrib = byAngle;
  }
  // An interval counts from Maghrib as shown: with the method's Maghrib offset, without its Isha offset.
  const intervalMinutes =
    params.ishaInterval + (params.methodAdjustments.maghrib ?? 0) - (params.methodAdjustments.isha ?? 0);
  const isha: Expected | null =
    interval && maghrib !== null
      ? { instant: plusMs(maghrib, intervalMinutes * MS_PER_MINUTE), kind: 'exact', event: maghrib }
      : angleIsha;
  const raw = {
    fajr,
    sunrise: exact(sunrise),
    dhuhr: exact(day.transit),
    asr: exact(asr),
    maghrib: exact(maghrib),
    isha,
  };
  const adjusted = {} as Record<TimeName, Expected | null>;
  for (const name of TIMES) {
    const value = raw[name];
    const minutes = (params.methodAdjustments[name] ?? 0) + (params.adjustments[name] ?? 0);
    adjusted[name] = value === null ? null : { ...value, instant: plusMs(value.instant, minutes * MS_PER_MINUTE) };
  }
  return adjusted;
}

/** What the method's rounding makes of `instant`: the nearest minute, the next (Rounding.Up), the last (`down`). */
export function roundedAsMethod(instant: Date, rounding: string): Date {
  const ms = instant.getTime();
  if (rounding === Rounding.None) return instant;
  if (rounding === Rounding.Up) return new Date(Math.ceil(ms / MS_PER_MINUTE) * MS_PER_MINUTE);
  if (rounding === 'down') return new Date(Math.floor(ms / MS_PER_MINUTE) * MS_PER_MINUTE);
  return new Date(Math.round(ms / MS_PER_MINUTE) * MS_PER_MINUTE);
}

/** Seconds from `expected` to `actual` (positive: actual is later). */
export const errorSeconds = (actual: Date, expected: Date): number => (actual.getTime() - expected.getTime()) / 1000;

export { sunPlace };
