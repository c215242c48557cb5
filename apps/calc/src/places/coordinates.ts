// Coordinates from the query: `lat` and `lon` (or its alias `lng`), plain decimals read by
// the shared parser (@ira/core/contract/params). `lng` alone stands for `lon`; sent with
// `lon` it must be a valid longitude of the same value, never quietly ignored.
import { decimalParam, isSent, singleParam, type Query } from '@ira/core/contract/params';

export const MAX_LATITUDE_DEG = 90;
export const MAX_LONGITUDE_DEG = 180;
export const LNG_CONFLICT_ERROR = 'lng is an alias of lon: send one of them, or the same longitude in both';
export const LNG_ERROR = `lng (read as lon) must be a longitude from -${MAX_LONGITUDE_DEG} to ${MAX_LONGITUDE_DEG}`;

export interface Coordinates {
  lat: number;
  lon: number;
}

/**
 * lat ∈ [-90, 90] and lon ∈ [-180, 180], boundaries included. `message` is the route's
 * sentence for coordinates missing or invalid; a repeated or conflicting parameter gets
 * its own sentence naming it.
 */
export function parseCoordinates(
  query: Query,
  message: string,
): { ok: true; value: Coordinates } | { ok: false; message: string } {
  const lonName = isSent(query, 'lon') || !isSent(query, 'lng') ? 'lon' : 'lng';
  for (const name of ['lat', 'lon', 'lng']) {
    const raw = singleParam(query, name);
    if (!raw.ok) return raw;
  }
  const lat = decimalParam(query, 'lat', { min: -MAX_LATITUDE_DEG, max: MAX_LATITUDE_DEG, message });
  const lon = decimalParam(query, lonName, { min: -MAX_LONGITUDE_DEG, max: MAX_LONGITUDE_DEG, message });
  if (!lat.ok || lat.value === undefined) return { ok: false, message };
  if (!lon.ok && lonName === 'lng') return { ok: false, message: LNG_ERROR };
  if (!lon.ok || lon.value === undefined) return { ok: false, message };
  if (lonName === 'lon' && isSent(query, 'lng')) {
    const lng = decimalParam(query, 'lng', {
      min: -MAX_LONGITUDE_DEG,
      max: MAX_LONGITUDE_DEG,
      message: LNG_CONFLICT_ERROR,
    });
    if (!lng.ok || lng.value !== lon.value) return { ok: false, message: LNG_CONFLICT_ERROR };
  }
  return { ok: true, value: { lat: lat.value, lon: lon.value } };
}
