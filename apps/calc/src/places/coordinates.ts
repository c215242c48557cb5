// Coordinates arrive as query strings; only plain decimals are numbers here
// (docs/api-decisions.md "Prayer times": `12abc`, `0x10`, `1e400`, `NaN`, `Infinity`, empty → invalid).
// Number() alone would accept hex, exponents, whitespace and the empty string.
const PLAIN_DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;

export const MAX_LATITUDE_DEG = 90;
export const MAX_LONGITUDE_DEG = 180;

export interface Coordinates {
  lat: number;
  lon: number;
}

/** A finite number from a plain decimal string, or null. `-0` becomes 0. */
export function parseDecimal(raw: unknown): number | null {
  if (typeof raw !== 'string' || !PLAIN_DECIMAL.test(raw)) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value + 0 : null;
}

/**
 * lat ∈ [-90, 90] and lon ∈ [-180, 180], boundaries included; `lng` is an alias
 * of `lon` (docs/api-decisions.md). Returns null for anything missing, malformed or out of range.
 */
export function parseCoordinates(query: Record<string, unknown>): Coordinates | null {
  const lat = parseDecimal(query.lat);
  const lon = parseDecimal(query.lon ?? query.lng);
  if (lat === null || lon === null) return null;
  if (Math.abs(lat) > MAX_LATITUDE_DEG || Math.abs(lon) > MAX_LONGITUDE_DEG) return null;
  return { lat, lon };
}
