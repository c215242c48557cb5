// adhan's polar resolutions without adhan's searches. adhan 4.4.6 (PolarCircleResolution.js)
// looks for the nearest usable day one day at a time (+1, −1, +2, −2 … up to 183 days away,
// two solar days per step) or the nearest usable latitude half a degree at a time (down to
// 65°), again for every time it is asked for the same day: a polar year's calendar took
// seconds of calc's only thread. Here each day's test is made once per place (kept for the
// places asked last) and the latitude is found by bisection, since a latitude closer to the
// equator than a usable one is usable too (the sunrise hour angle exists on an interval of
// latitudes around the equator). The times are then adhan's own for the day or latitude found.
import { CalculationMethod, Coordinates, PolarCircleResolution, PrayerTimes, type CalculationParameters } from 'adhan';
import { LRUCache } from 'lru-cache';
import { adhanDate, type CalendarDate } from '../calendar/calendar-date.ts';
import type { PolarResolutionName } from './high-latitude.ts';
import type { Place } from './sun-events.ts';

export type Instants = Record<'fajr' | 'sunrise' | 'dhuhr' | 'asr' | 'maghrib' | 'isha', Date>;

// adhan's own bounds (PolarCircleResolution.js): days searched either way, the latitude
// step, and the latitude below which the search gives up.
const MAX_DAYS_AWAY = Math.ceil(365 / 2);
const LATITUDE_STEP_DEG = 0.5;
const LOWEST_LATITUDE_DEG = 65;
// aqrabbalad: latitudes walked from the day before's before bisecting.
const LATITUDE_WALK_STEPS = 3;
const MS_PER_DAY = 86_400_000;
// A day's sun at a place: whether adhan finds its sunrise and its sunset.
const SUNRISE = 1;
const SUNSET = 2;
const SUN_UP = SUNRISE | SUNSET;
// Places kept: an aqrabbalad year tries ~50 latitudes of one place. Days kept per place: a
// year's search either way (~730) and some.
const PLACES_KEPT = 64;
const DAYS_KEPT_PER_PLACE = 1_024;

interface SunAtPlace {
  latitude: number;
  longitude: number;
  /** SUNRISE | SUNSET bits by day number (days since 1970-01-01). */
  days: Map<number, number>;
  /** The days to the nearest usable day (aqrabyaum), by day number; null: none within reach. */
  nearest: Map<number, number | null>;
  /** The index in `latitudesTried` found last (aqrabbalad). */
  latitudeFound?: number;
}

const places = new LRUCache<string, SunAtPlace>({ max: PLACES_KEPT });
const probeParams = (() => {
  const params = CalculationMethod.Other();
  params.polarCircleResolution = PolarCircleResolution.Unresolved;
  return params;
})();
let searchSteps = 0;

/** The same parameters asking adhan for no resolution of its own. */
function unresolved(params: CalculationParameters): CalculationParameters {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(params) as object), params) as CalculationParameters;
  copy.polarCircleResolution = PolarCircleResolution.Unresolved;
  return copy;
}

/**
 * Whether a day at `latitude` may be searched for: adhan finds a sunrise and a sunset every
 * day below its lowest latitude tried. A search tests up to a year of days (~10 ms).
 */
export const maySearch = (latitude: number, resolution: PolarResolutionName): boolean =>
  resolution !== 'unresolved' && Math.abs(latitude) > LOWEST_LATITUDE_DEG;

/** Days tested by the searches so far in this process (the cost test counts them). */
export function polarSearchSteps(): number {
  return searchSteps;
}

function sunAt(latitude: number, longitude: number): SunAtPlace {
  const key = `${latitude} ${longitude}`;
  let place = places.get(key);
  if (place === undefined) {
    place = { latitude, longitude, days: new Map(), nearest: new Map() };
    places.set(key, place);
  }
  // The days tested first go, half at a time: starting over dropped the days of an answer
  // under way, whose next time (its sunset, the next day's Fajr) then searched them again.
  if (place.days.size >= DAYS_KEPT_PER_PLACE) {
    forgetFirst(place.days, DAYS_KEPT_PER_PLACE / 2);
    forgetFirst(place.nearest, place.nearest.size / 2);
  }
  return place;
}

/** Deletes the first `count` entries of `map` (its oldest: a Map keeps insertion order). */
function forgetFirst(map: Map<number, unknown>, count: number): void {
  let left = count;
  for (const key of map.keys()) {
    if (left-- <= 0) break;
    map.delete(key);
  }
}

const dayNumber = (day: CalendarDate): number => Date.UTC(day.year, day.month - 1, day.day) / MS_PER_DAY;

/** The local midnight adhan reads a day number's date from (calendar-date.ts adhanDate). */
function adhanDay(number: number): Date {
  const utc = new Date(number * MS_PER_DAY);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

function sunDay(place: SunAtPlace, number: number): number {
  searchSteps += 1;
  let bits = place.days.get(number);
  if (bits === undefined) {
    const coordinates = new Coordinates(place.latitude, place.longitude);
    const times = new PrayerTimes(coordinates, adhanDay(number), probeParams);
    bits = (Number.isNaN(times.sunrise.getTime()) ? 0 : SUNRISE) | (Number.isNaN(times.sunset.getTime()) ? 0 : SUNSET);
    place.days.set(number, bits);
  }
  return bits;
}

/** adhan's own condition for resolving a day: no sunrise or sunset, or no sunrise the next day. */
const needsResolution = (place: SunAtPlace, number: number): boolean =>
  sunDay(place, number) !== SUN_UP || (sunDay(place, number + 1) & SUNRISE) === 0;

/** adhan's usable day: sunrise and sunset on it and on the next. */
const usable = (place: SunAtPlace, number: number): boolean =>
  sunDay(place, number) === SUN_UP && sunDay(place, number + 1) === SUN_UP;

/** The days from `number` to the nearest usable one, in adhan's order (+1, −1, +2, −2, …); null if none. */
function nearestUsableDay(place: SunAtPlace, number: number): number | null {
  let away = place.nearest.get(number);
  if (away !== undefined) return away;
  away = null;
  for (let days = 1; days <= MAX_DAYS_AWAY && away === null; days++) {
    if (usable(place, number + days)) away = days;
    else if (usable(place, number - days)) away = -days;
  }
  place.nearest.set(number, away);
  return away;
}

/** The latitudes adhan tries, in its order and with its arithmetic, down to the first below 65°. */
function latitudesTried(latitude: number): number[] {
  let next = latitude - Math.sign(latitude) * LATITUDE_STEP_DEG;
  const tried = [next];
  while (Math.abs(next) >= LOWEST_LATITUDE_DEG) {
    next -= Math.sign(next) * LATITUDE_STEP_DEG;
    tried.push(next);
  }
  return tried;
}

/**
 * The first latitude of `latitudesTried` with a usable day; null if none. From day to day it
 * moves by a step or two, so the walk starts from the one found last; bisection otherwise.
 */
function nearestUsableLatitude(place: SunAtPlace, number: number): number | null {
  const tried = latitudesTried(place.latitude);
  const usableAt = (i: number) => usable(sunAt(tried[i]!, place.longitude), number);
  const last = tried.length - 1;
  let found = Math.min(place.latitudeFound ?? last, last);
  if (usableAt(found)) {
    for (let steps = 0; found > 0 && steps < LATITUDE_WALK_STEPS && usableAt(found - 1); steps++) found--;
  } else {
    for (let steps = 0; found < last && steps < LATITUDE_WALK_STEPS && !usableAt(found); steps++) found++;
  }
  const isFirst = usableAt(found) && (found === 0 || !usableAt(found - 1));
  if (!isFirst) {
    if (!usableAt(last)) return null;
    let low = 0;
    found = last;
    while (low < found) {
      const middle = (low + found) >> 1;
      if (usableAt(middle)) found = middle;
      else low = middle + 1;
    }
  }
  place.latitudeFound = found;
  return tried[found]!;
}

function instantsOf(times: PrayerTimes, shiftMs = 0): Instants {
  const at = (date: Date) => new Date(date.getTime() + shiftMs);
  return {
    fajr: at(times.fajr),
    sunrise: at(times.sunrise),
    dhuhr: at(times.dhuhr),
    asr: at(times.asr),
    maghrib: at(times.maghrib),
    isha: at(times.isha),
  };
}

/**
 * adhan's times for `day` under `params.polarCircleResolution`: aqrabyaum's are the nearest
 * usable day's, moved to this date; aqrabbalad's the nearest usable latitude's. Where adhan
 * finds nothing usable, its unresolved times. One difference from adhan, for the Moonsighting
 * Committee: its seasonal bounds are the day's or latitude's found (adhan mixes in this day's).
 */
export function polarInstants(place: Place, day: CalendarDate, params: CalculationParameters): Instants {
  const own = unresolved(params);
  const coordinates = new Coordinates(place.latitude, place.longitude);
  const here = sunAt(place.latitude, place.longitude);
  const number = dayNumber(day);
  const resolution = params.polarCircleResolution;
  if (resolution === PolarCircleResolution.Unresolved || !needsResolution(here, number))
    return instantsOf(new PrayerTimes(coordinates, adhanDate(day), own));
  if (resolution === PolarCircleResolution.AqrabYaum) {
    const away = nearestUsableDay(here, number);
    if (away === null) return instantsOf(new PrayerTimes(coordinates, adhanDate(day), own));
    return instantsOf(new PrayerTimes(coordinates, adhanDay(number + away), own), -away * MS_PER_DAY);
  }
  const latitude = nearestUsableLatitude(here, number) ?? place.latitude;
  return instantsOf(new PrayerTimes(new Coordinates(latitude, place.longitude), adhanDate(day), own));
}
