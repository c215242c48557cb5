// Time zone names from coordinates with geo-tz's full data set ("all": precise zones,
// Kuwait City → Asia/Kuwait rather than the merged Asia/Riyadh; docs/api-decisions.md).
import { find, setCache } from 'geo-tz/all';
import { LRUCache } from 'lru-cache';

// geo-tz decodes polygon "quads" lazily and by default keeps every one in a Map that never
// evicts (over points spread across the world it grows to thousands of quads and hundreds
// of MB). An LRU alone keeps every quad decoded once, and points that come once each then
// fill the old generation with quads used once. So a quad first goes into a short tier,
// where it serves the lookups that follow and then dies young; it is kept longer only once
// it is asked for again after leaving that tier (a town's users, a city's streets). Bench:
// prayer-time-varying, calc peak RSS.
const GEO_TZ_RECENT_QUADS = 4;
const GEO_TZ_KEPT_QUADS = 256;
// Which quads were decoded before, by key (a short string; there are 21 525 quads).
const GEO_TZ_SEEN_QUADS = 25_000;
// Zone names by exact coordinates. Keyed by the parsed input, not rounded: rounding
// moves a point, and near a border that can change the zone. Bounded by count.
export const ZONE_CACHE_MAX = 10_000;

/** geo-tz's quad store (its setCache `store`): get, and set on each decoding. */
export function createQuadStore(
  recentMax = GEO_TZ_RECENT_QUADS,
  keptMax = GEO_TZ_KEPT_QUADS,
  seenMax = GEO_TZ_SEEN_QUADS,
) {
  const recent = new LRUCache<string, object>({ max: recentMax });
  const kept = new LRUCache<string, object>({ max: keptMax });
  const seen = new LRUCache<string, true>({ max: seenMax });
  return {
    get: (key: string): object | undefined => kept.get(key) ?? recent.get(key),
    set(key: string, quad: object): void {
      if (seen.has(key)) kept.set(key, quad);
      else recent.set(key, quad);
      seen.set(key, true);
    },
  };
}

setCache({ store: createQuadStore() });

/**
 * The IANA zone at a point (lat ∈ [-90, 90], lon ∈ [-180, 180]). Where geo-tz names
 * several (disputed borders) the first wins; at sea it is Etc/GMT±N. At the North Pole
 * geo-tz names all 25 nautical zones, and its first, Etc/GMT-12, put the pole's times on
 * the previous day: there the nautical zone of the given longitude is used (lon=0 →
 * Etc/GMT), the zone a ship on that meridian keeps. The South Pole is
 * Antarctica/McMurdo, the zone the Amundsen–Scott station keeps.
 */
export function timeZoneAt(lat: number, lon: number): string {
  const zones = find(lat, lon);
  const nautical = nauticalZone(lon);
  if (zones.length > 1 && zones.includes(nautical)) return nautical;
  return zones[0] ?? nautical;
}

export type ZoneLookup = (lat: number, lon: number) => string;

/** timeZoneAt behind an LRU of `cacheMax` exact points; 0 = no cache (for measurements). */
export function createZoneLookup(cacheMax: number = ZONE_CACHE_MAX): ZoneLookup {
  if (cacheMax <= 0) return timeZoneAt;
  const cache = new LRUCache<string, string>({ max: cacheMax });
  return function cachedTimeZoneAt(lat, lon) {
    const key = `${lat},${lon}`;
    let zone = cache.get(key);
    if (zone === undefined) {
      zone = timeZoneAt(lat, lon);
      cache.set(key, zone);
    }
    return zone;
  };
}

/** The nautical zone for a longitude (15° bands centred on multiples of 15°). */
function nauticalZone(lon: number): string {
  const offset = Math.round(lon / 15);
  if (offset === 0) return 'Etc/GMT';
  // POSIX-style names invert the sign: Etc/GMT-3 is three hours ahead of UTC.
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

// IANA names: letters, digits, `_`, `-`, `+` and `/` (Etc/GMT+3, America/Port-au-Prince).
// Offsets such as `+03:00`, which newer ICU versions also accept, are not zone names.
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** The canonical spelling of an IANA zone name Intl knows (case-insensitive), or null. */
export function canonicalTimeZone(raw: string): string | null {
  if (!ZONE_NAME.test(raw)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: raw }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
