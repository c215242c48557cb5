import { describe, expect, it } from 'vitest';
import { FIXTURE_IDS, placesFixture, placesFixtureText } from '../test-support/places-fixture.ts';
import { createPlaceIndex } from './place-index.ts';

const file = placesFixture();
// Places on both sides of the antimeridian and near the poles (made-up ids after the fixture's).
file.places.push(
  [9_000_001, 'Just west of the line', 'US', -1, -17, 179.95, 0, 20_000, null, null, null, []],
  [9_000_002, 'Farther east of it', 'US', -1, -17, -179.5, 0, 20_000, null, null, null, []],
  [9_000_003, 'Just east of the line', 'US', -1, 10, -179.95, 0, 20_000, null, null, null, []],
  [9_000_004, 'Farther west of it', 'US', -1, 10, 179.5, 0, 20_000, null, null, null, []],
  [9_000_005, 'Far north', 'NO', -1, 89.5, -170, 12, 20_000, null, null, null, []],
);
const places = createPlaceIndex(placesFixtureText(file));
const { gazetteer } = places;

const RADIUS_KM = 6371.0088;
// Spherical law of cosines, a formula other than the module's haversine.
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const r = Math.PI / 180;
  const cos =
    Math.sin(lat1 * r) * Math.sin(lat2 * r) + Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.cos((lon2 - lon1) * r);
  return RADIUS_KM * Math.acos(Math.min(1, Math.max(-1, cos)));
}

function bruteForce(lat: number, lon: number): { id: number; km: number } {
  let best = { id: -1, km: Infinity };
  for (let i = 0; i < gazetteer.size; i++) {
    const km = distanceKm(lat, lon, gazetteer.latitudes[i] as number, gazetteer.longitudes[i] as number);
    if (km < best.km) best = { id: gazetteer.ids[i] as number, km };
  }
  return best;
}

function nearest(lat: number, lon: number): { id: number; km: number } {
  const found = places.nearest(lat, lon);
  if (found === null) throw new Error('no place');
  return { id: gazetteer.ids[found.index] as number, km: found.distanceKm };
}

describe('nearest place', () => {
  it('finds the place itself at its coordinates, 0 km away', () => {
    expect(nearest(23.7104, 90.40744)).toEqual({ id: FIXTURE_IDS.dhaka, km: 0 });
  });

  it('finds Dhaka from a GPS fix in Dhaka (Gulshan, 23.79 N 90.41 E)', () => {
    const found = nearest(23.7925, 90.4078);
    expect(found.id).toBe(FIXTURE_IDS.dhaka);
    expect(found.km).toBeCloseTo(distanceKm(23.7925, 90.4078, 23.7104, 90.40744), 6);
  });

  it('looks across the antimeridian and over the pole', () => {
    expect(nearest(-17, -179.99).id).toBe(9_000_001);
    expect(nearest(10, 179.99).id).toBe(9_000_003);
    expect(nearest(90, 10).id).toBe(9_000_005);
    expect(nearest(89, 10).id).toBe(9_000_005);
  });

  it('agrees with a brute-force search over every place, on a grid over the globe', () => {
    for (let lat = -90; lat <= 90; lat += 7.5) {
      for (let lon = -180; lon <= 180; lon += 11.25) {
        const expected = bruteForce(lat, lon);
        const found = nearest(lat, lon);
        expect(found.km).toBeCloseTo(expected.km, 6);
        expect(found.id).toBe(expected.id);
      }
    }
  });
});
