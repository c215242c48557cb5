// The nearest place to a point, by great-circle distance. The index is the places in
// latitude order: a lookup starts at the point's latitude and walks north and south,
// and stops each way once the latitude alone puts a place farther than the best so far
// (a difference in latitude is a lower bound of the distance on the sphere). Longitude
// plays no part in the pruning, so the antimeridian and the poles need no special case.
import { EARTH_MEAN_RADIUS_KM } from '../qibla/qibla.ts';
import type { Gazetteer } from './gazetteer.ts';

const RADIANS_PER_DEGREE = Math.PI / 180;

export interface NearestPlace {
  index: number;
  distanceKm: number;
}

export type NearestLookup = (lat: number, lon: number) => NearestPlace | null;

export function createNearestLookup(gazetteer: Gazetteer): NearestLookup {
  const order = Int32Array.from({ length: gazetteer.size }, (_, i) => i).sort(
    (a, b) => (gazetteer.latitudes[a] as number) - (gazetteer.latitudes[b] as number),
  );
  const latitudes = Float64Array.from(order, (i) => (gazetteer.latitudes[i] as number) * RADIANS_PER_DEGREE);
  const longitudes = Float64Array.from(order, (i) => (gazetteer.longitudes[i] as number) * RADIANS_PER_DEGREE);
  const cosines = latitudes.map(Math.cos);

  return function nearestPlace(lat, lon) {
    if (order.length === 0) return null;
    const phi = lat * RADIANS_PER_DEGREE;
    const lambda = lon * RADIANS_PER_DEGREE;
    const cosPhi = Math.cos(phi);
    // Haversine's h = sin²(Δφ/2) + cos φ1 cos φ2 sin²(Δλ/2): the distance grows with h.
    const haversine = (at: number): number =>
      Math.sin(((latitudes[at] as number) - phi) / 2) ** 2 +
      cosPhi * (cosines[at] as number) * Math.sin(((longitudes[at] as number) - lambda) / 2) ** 2;
    // h of a place differing in latitude alone by Δφ: no place that far in latitude is nearer.
    const bound = (at: number): number => Math.sin(((latitudes[at] as number) - phi) / 2) ** 2;
    let best = -1;
    let bestH = Infinity;
    const start = firstAtOrAbove(latitudes, phi);
    for (let at = start; at < latitudes.length && bound(at) < bestH; at++) {
      const h = haversine(at);
      if (h < bestH) [best, bestH] = [at, h];
    }
    for (let at = start - 1; at >= 0 && bound(at) < bestH; at--) {
      const h = haversine(at);
      if (h < bestH) [best, bestH] = [at, h];
    }
    return {
      index: order[best] as number,
      distanceKm: 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(bestH))),
    };
  };
}

function firstAtOrAbove(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
