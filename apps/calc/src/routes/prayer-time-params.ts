// Query → validated prayer-time settings, or the 400 the contract wants. Prayer-time
// 400s are exactly `{ error: "<sentence>" }` (spec "Errors"). One parser for every
// route that computes prayer times: `parsePrayerSettings` reads everything but the date
// (a calendar route reads its own range), `parsePrayerTimeRequest` adds the one day.
import { ApiError, prayerTimeError } from '@ira/core/contract/errors';
import { MAX_YEAR, MIN_YEAR, parseDateParam, type CalendarDate } from '../calendar/calendar-date.ts';
import { parseCoordinates } from '../places/coordinates.ts';
import { decimalParam, enumParam, singleParam, valueOrThrow, type Query } from '@ira/core/contract/params';
import type { PlaceIndex } from '../places/place-index.ts';
import { parsePlaceParam, type PlaceParam, type PlaceUsed } from '../places/place-param.ts';
import { parseCustomRules, type CustomRules } from '../prayer/custom-rules.ts';
import {
  DEFAULT_HIGH_LATITUDE_RULE,
  DEFAULT_POLAR_RESOLUTION,
  HIGH_LATITUDE_RULE_NAMES,
  POLAR_RESOLUTION_NAMES,
  type HighLatitudeRuleName,
  type PolarResolutionName,
} from '../prayer/high-latitude.ts';
import { METHOD_ERROR, parseMethod, type MethodChoice } from '../methods/method-choice.ts';
import { localDayExists } from '../calendar/local-time.ts';
import { DEFAULT_SCHOOL, SCHOOL_NAMES, type MethodName, type SchoolName } from '../methods/methods.ts';
import type { PrayerTimeOptions } from '../prayer/prayer-times.ts';
import { canonicalTimeZone } from '../places/time-zone.ts';
import { isEmptyTune, parseTune, TUNE_ERROR, type Tune } from '../prayer/tune.ts';

export const COORDINATES_ERROR = 'lat and lon must be valid numeric coordinates';
export const DATE_ERROR =
  `date must be a real calendar date as YYYY-MM-DD or an ISO 8601 date-time ` +
  `such as 2026-03-20T18:30:00Z (years ${MIN_YEAR} to ${MAX_YEAR})`;
// The Dead Sea shore to above Everest: a height the horizon could be seen from.
const MIN_ELEVATION_M = -500;
const MAX_ELEVATION_M = 9000;
export const ELEVATION_ERROR =
  `elevation must be the place's height in metres, a number from ${MIN_ELEVATION_M} to ${MAX_ELEVATION_M} ` +
  '(leave it out for sea level)';
export const TIMEZONE_ERROR = 'timezone must be an IANA time zone name such as Europe/London or America/New_York';

/** Every rule that shapes a day's times at a place, without the day itself. */
export interface PrayerSettings {
  lat: number;
  lon: number;
  /** The place sent as `place` or `city`, whose coordinates are lat and lon. */
  place?: PlaceUsed;
  timeZone: string;
  /** The zone came from the `timezone` parameter rather than from the coordinates. */
  timeZoneGiven: boolean;
  /** Present when method=auto chose `method`. */
  autoMethod?: MethodChoice['auto'];
  method: MethodName;
  school: SchoolName;
  highLatitudeRule: HighLatitudeRuleName;
  polarResolution: PolarResolutionName;
  rules: CustomRules;
  tune: Tune;
  /** Metres; absent = sea level (the horizon most authorities publish for). */
  elevation?: number;
}

export interface PrayerTimeRequest extends PrayerSettings, Omit<PrayerTimeOptions, 'rules' | 'tune'> {
  date: CalendarDate;
}

/** A place or city that cannot be used: 400 or 404 in the prayer-time form, with the candidates to choose from. */
function placeError(problem: Extract<PlaceParam, { kind: 'problem' }>): ApiError {
  const candidates = problem.candidates === undefined ? {} : { candidates: problem.candidates };
  return new ApiError(problem.status, { error: problem.message, ...candidates });
}

/** The coordinates to compute at: a place's, or `lat` and `lon`. */
function locate(query: Record<string, unknown>, places: PlaceIndex): { lat: number; lon: number; place?: PlaceUsed } {
  const located = parsePlaceParam(query, places);
  if (located.kind === 'problem') throw placeError(located);
  if (located.kind === 'place') {
    const { place } = located;
    return { lat: place.echo.latitude, lon: place.echo.longitude, place };
  }
  const coordinates = parseCoordinates(query, COORDINATES_ERROR);
  if (!coordinates.ok) throw prayerTimeError(coordinates.message);
  return coordinates.value;
}

function choice<T extends string>(query: Query, name: string, names: readonly T[], fallback: T): T {
  return valueOrThrow(enumParam(query, name, names), prayerTimeError) ?? fallback;
}

function timeZoneFor(
  query: Record<string, unknown>,
  lat: number,
  lon: number,
  zoneAt: (lat: number, lon: number) => string,
): { timeZone: string; timeZoneGiven: boolean } {
  const raw = valueOrThrow(singleParam(query, 'timezone'), prayerTimeError);
  if (raw === undefined) return { timeZone: zoneAt(lat, lon), timeZoneGiven: false };
  const zone = canonicalTimeZone(raw);
  if (zone === null) throw prayerTimeError(TIMEZONE_ERROR);
  return { timeZone: zone, timeZoneGiven: true };
}

function parseElevation(query: Query): number | undefined {
  const bounds = { min: MIN_ELEVATION_M, max: MAX_ELEVATION_M, message: ELEVATION_ERROR };
  return valueOrThrow(decimalParam(query, 'elevation', bounds), prayerTimeError);
}

/**
 * Throws the 400 (or, for a place not found, 404) ApiError for the first bad parameter,
 * in this order: place, city and country or coordinates, timezone, method, school,
 * highLatitudeRule, polarResolution, fajrAngle/ishaAngle/maghribAngle/ishaInterval, tune,
 * elevation. `zoneAt` names the zone at the coordinates.
 */
export function parsePrayerSettings(
  query: Record<string, unknown>,
  zoneAt: (lat: number, lon: number) => string,
  places: PlaceIndex,
): PrayerSettings {
  const coordinates = locate(query, places);
  const zone = timeZoneFor(query, coordinates.lat, coordinates.lon, zoneAt);
  // method=auto chooses by where the coordinates are (issue 9), not by the zone that
  // `timezone` asks the times to be shown in; only auto looks that zone up. A place
  // sent by name or id says its country itself.
  const coordinatesZone = zone.timeZoneGiven ? () => zoneAt(coordinates.lat, coordinates.lon) : zone.timeZone;
  const rawMethod = valueOrThrow(singleParam(query, 'method'), prayerTimeError);
  const methodChoice = parseMethod(rawMethod, coordinatesZone, coordinates.place?.country);
  if (methodChoice === null) throw prayerTimeError(METHOD_ERROR);
  const { method, auto: autoMethod } = methodChoice;
  const school = choice(query, 'school', SCHOOL_NAMES, DEFAULT_SCHOOL);
  const highLatitudeRule = choice(query, 'highLatitudeRule', HIGH_LATITUDE_RULE_NAMES, DEFAULT_HIGH_LATITUDE_RULE);
  const polarResolution = choice(query, 'polarResolution', POLAR_RESOLUTION_NAMES, DEFAULT_POLAR_RESOLUTION);
  const rules = parseCustomRules(query, method === 'other');
  if ('message' in rules) throw prayerTimeError(rules.message);
  const tune = parseTune(valueOrThrow(singleParam(query, 'tune'), prayerTimeError));
  if (tune === null) throw prayerTimeError(TUNE_ERROR);
  const elevation = parseElevation(query);
  const settings = {
    ...coordinates,
    ...zone,
    method,
    school,
    highLatitudeRule,
    polarResolution,
    rules,
    tune,
    ...(elevation === undefined ? {} : { elevation }),
  };
  return autoMethod === undefined ? settings : { ...settings, autoMethod };
}

/** The settings plus the day: `date` (default today at the place) must have existed in the zone. */
export function parsePrayerTimeRequest(
  query: Record<string, unknown>,
  zoneAt: (lat: number, lon: number) => string,
  places: PlaceIndex,
  now: Date = new Date(),
): PrayerTimeRequest {
  const settings = parsePrayerSettings(query, zoneAt, places);
  const date = parseDateParam(valueOrThrow(singleParam(query, 'date'), prayerTimeError), settings.timeZone, now);
  if (date === null) throw prayerTimeError(DATE_ERROR);
  if (!localDayExists(date.iso, settings.timeZone)) {
    throw prayerTimeError(
      `date ${date.iso} did not exist in ${settings.timeZone}: the ` +
        `zone skipped that day when it moved across the date line`,
    );
  }
  return { ...settings, date };
}

/**
 * The normalised `request` echo: the contract's fields, the rules with defaults filled
 * in, and the optional parameters only when they were given.
 */
export function requestEcho(settings: PrayerSettings, dateIso?: string): Record<string, unknown> {
  const { lat, lon, method, school, highLatitudeRule, polarResolution, rules, tune } = settings;
  return {
    lat,
    lon,
    ...(settings.place === undefined ? {} : { place: settings.place.echo }),
    method,
    school,
    ...(dateIso === undefined ? {} : { date: dateIso }),
    highLatitudeRule,
    polarResolution,
    ...rules,
    ...(isEmptyTune(tune) ? {} : { tune }),
    ...(settings.elevation === undefined ? {} : { elevation: settings.elevation }),
    ...(settings.timeZoneGiven ? { timezone: settings.timeZone } : {}),
  };
}

/** Everything a result's times depend on besides the date (calendar.ics builds its event UIDs from it). */
export function settingsKey(s: PrayerSettings): string {
  return JSON.stringify([
    s.lat,
    s.lon,
    s.timeZone,
    s.method,
    s.autoMethod !== undefined,
    s.school,
    s.highLatitudeRule,
    s.polarResolution,
    s.rules,
    s.tune,
    s.elevation ?? 0,
  ]);
}

/**
 * Everything a result's JSON depends on besides the period, for result caches: its echo also
 * says whether the request named the zone, and the place.
 */
export function answerKey(s: PrayerSettings): string {
  return `${settingsKey(s)},${s.timeZoneGiven},${s.place?.echo.id ?? ''}`;
}
