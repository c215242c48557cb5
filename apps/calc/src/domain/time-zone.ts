// Time zone names from coordinates with geo-tz's full data set ("all": precise zones,
// Kuwait City → Asia/Kuwait rather than the merged Asia/Riyadh; DESIGN §3).
import { find, setCache } from 'geo-tz/all';
import { LRUCache } from 'lru-cache';

// geo-tz decodes polygon "quads" lazily and by default keeps every one in a Map that
// never evicts. Measured over 20 000 points spread across the inhabited world: the
// Map grew to 2 128 quads and 213 MB of heap; an LRU of 256 quads held 40 MB.
const GEO_TZ_QUAD_CACHE_MAX = 256;
// Zone names by exact coordinates. Keyed by the parsed input, not rounded: rounding
// moves a point, and near a border that can change the zone. Bounded by count.
export const ZONE_CACHE_MAX = 10_000;

setCache({ store: new LRUCache<string, object>({ max: GEO_TZ_QUAD_CACHE_MAX }) });

/**
 * The IANA zone at a point (lat ∈ [-90, 90], lon ∈ [-180, 180]). Where geo-tz names
 * several (poles, disputed borders) the first wins; at sea it is Etc/GMT±N.
 */
export function timeZoneAt(lat: number, lon: number): string {
  return find(lat, lon)[0] ?? nauticalZone(lon);
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
