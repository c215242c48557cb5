// Query → validated prayer-time request, or the 400 the contract wants. Prayer-time
// 400s are exactly `{ error: "<sentence>" }` (spec "Errors", DESIGN §3).
import { ApiError } from '@ira/core/errors';
import { parseDateParam } from '../domain/calendar-date.ts';
import { parseCoordinates } from '../domain/coordinates.ts';
import {
  DEFAULT_HIGH_LATITUDE_RULE,
  DEFAULT_POLAR_RESOLUTION,
  HIGH_LATITUDE_RULE_NAMES,
  POLAR_RESOLUTION_NAMES,
} from '../domain/high-latitude.ts';
import { METHOD_ERROR, parseMethod, type MethodChoice } from '../domain/method-choice.ts';
import { DEFAULT_SCHOOL, parseChoice, SCHOOL_NAMES } from '../domain/methods.ts';
import type { PrayerTimeOptions } from '../domain/prayer-times.ts';

export const COORDINATES_ERROR = 'lat and lon must be valid numeric coordinates';
export const DATE_ERROR =
  'date must be a real calendar date as YYYY-MM-DD or an ISO 8601 date-time such as 2026-03-20T18:30:00Z (years 1000 to 9999)';

export interface PrayerTimeRequest extends PrayerTimeOptions {
  lat: number;
  lon: number;
  timeZone: string;
  /** Present when method=auto chose `method`. */
  autoMethod?: MethodChoice['auto'];
}

const prayerTimeError = (sentence: string): ApiError => new ApiError(400, { error: sentence });

function choice<T extends string>(query: Record<string, unknown>, name: string, names: readonly T[], fallback: T): T {
  const value = parseChoice(query[name], names, fallback);
  if (value === null) throw prayerTimeError(`${name} must be one of: ${names.join(', ')}`);
  return value;
}

/** Throws the 400 ApiError for the first bad parameter; `zoneAt` names the location's zone. */
export function parsePrayerTimeRequest(
  query: Record<string, unknown>,
  zoneAt: (lat: number, lon: number) => string,
  now: Date = new Date(),
): PrayerTimeRequest {
  const coordinates = parseCoordinates(query);
  if (coordinates === null) throw prayerTimeError(COORDINATES_ERROR);
  const timeZone = zoneAt(coordinates.lat, coordinates.lon);
  const methodChoice = parseMethod(query.method, timeZone);
  if (methodChoice === null) throw prayerTimeError(METHOD_ERROR);
  const { method, auto: autoMethod } = methodChoice;
  const school = choice(query, 'school', SCHOOL_NAMES, DEFAULT_SCHOOL);
  const highLatitudeRule = choice(query, 'highLatitudeRule', HIGH_LATITUDE_RULE_NAMES, DEFAULT_HIGH_LATITUDE_RULE);
  const polarResolution = choice(query, 'polarResolution', POLAR_RESOLUTION_NAMES, DEFAULT_POLAR_RESOLUTION);
  const date = parseDateParam(query.date, timeZone, now);
  if (date === null) throw prayerTimeError(DATE_ERROR);
  const request = { ...coordinates, timeZone, method, school, date, highLatitudeRule, polarResolution };
  return autoMethod === undefined ? request : { ...request, autoMethod };
}
