import { describe, expect, it } from 'vitest';
import {
  distanceToKaabaKm,
  KAABA_LATITUDE_DEG,
  KAABA_LONGITUDE_DEG,
  QIBLA_NOTE,
  qiblaBearing,
  qiblaFor,
} from './qibla.ts';

describe('qiblaBearing', () => {
  it('matches adhan-js’s published New York value (58.4817°)', () => {
    expect(Math.abs(qiblaBearing(40.7128, -74.0059) - 58.4817)).toBeLessThan(0.0005);
  });

  it('stays in [0, 360) for places west of Makkah (negative atan2 results)', () => {
    const bearing = qiblaBearing(35.6895, 139.6917);
    expect(bearing).toBeGreaterThanOrEqual(0);
    expect(bearing).toBeLessThan(360);
  });

  it('is finite at the poles and at the antipode', () => {
    for (const [lat, lon] of [
      [90, 0],
      [-90, 0],
      [-KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG - 180],
    ] as const) {
      expect(Number.isFinite(qiblaBearing(lat, lon))).toBe(true);
    }
  });
});

describe('distanceToKaabaKm', () => {
  it('is 0 at the Kaaba and half the circumference of the mean sphere at the antipode', () => {
    expect(distanceToKaabaKm(KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG)).toBe(0);
    expect(distanceToKaabaKm(-KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG - 180)).toBeCloseTo(Math.PI * 6371.0088, 6);
  });

  it('gives London ≈ 4793.8 km (haversine on R = 6371.0088 km, reference/qibla-reference.json)', () => {
    expect(distanceToKaabaKm(51.5074, -0.1278)).toBeCloseTo(4793.8, 1);
  });
});

describe('qiblaFor', () => {
  it('rounds bearing and distances to 2 decimals and names the direction', () => {
    const result = qiblaFor(51.5074, -0.1278);
    expect(result.compass_bearing).toBe(118.99);
    expect(result.qibla_direction).toBe('Southeast');
    // Haversine on R = 6371.0088 km computed independently (Python's math module): 4793.7785 km.
    expect(result.distance_km).toBe(4793.78);
    expect(result.distance_miles).toBe(2978.71);
    expect(result.kaaba_coordinates).toEqual({ latitude: 21.4225241, longitude: 39.8261818 });
    expect(result.location).toEqual({ latitude: 51.5074, longitude: -0.1278 });
    expect(result.note).toMatch(/true north/);
  });

  it('never reports 360 after rounding', () => {
    // Due south-of-north just west of the meridian of Makkah: bearing ≈ 359.999…
    const result = qiblaFor(KAABA_LATITUDE_DEG - 10, KAABA_LONGITUDE_DEG + 0.0001);
    expect(result.compass_bearing).toBeGreaterThanOrEqual(0);
    expect(result.compass_bearing).toBeLessThan(360);
  });
});

describe('qiblaFor on the ellipsoid', () => {
  it('adds the WGS84 geodesic bearing and distance beside the spherical ones', () => {
    const result = qiblaFor(51.5074, -0.1278);
    expect(result.geodesic.ellipsoid).toBe('WGS84');
    // London: the ellipsoid turns the bearing by about a tenth of a degree and the way is
    // a few km longer than on the mean sphere.
    expect(Math.abs(result.geodesic.compass_bearing - result.compass_bearing)).toBeGreaterThan(0.01);
    expect(Math.abs(result.geodesic.compass_bearing - result.compass_bearing)).toBeLessThan(0.3);
    expect(Math.abs(result.geodesic.distance_km - result.distance_km)).toBeLessThan(20);
    expect(result.note).toBe(QIBLA_NOTE);
  });
});

describe('qiblaFor where a bearing means little', () => {
  const ANTIPODE = [-KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG - 180] as const;

  it('at the Kaaba itself: bearings 0 by convention, with a note', () => {
    const result = qiblaFor(KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG);
    expect(result.compass_bearing).toBe(0);
    expect(result.geodesic.compass_bearing).toBe(0);
    expect(result.distance_km).toBe(0);
    expect(result.note).toContain('at the Kaaba itself');
  });

  it('a few hundred metres away is an ordinary answer', () => {
    const result = qiblaFor(KAABA_LATITUDE_DEG + 0.003, KAABA_LONGITUDE_DEG);
    expect(result.compass_bearing).toBe(180);
    expect(result.note).toBe(QIBLA_NOTE);
  });

  it('at the antipode: every direction, and every bearing says the same (0, North by convention)', () => {
    for (const [lat, lon] of [ANTIPODE, [ANTIPODE[0] + 0.005, ANTIPODE[1] - 0.005]] as const) {
      const result = qiblaFor(lat, lon);
      expect(result.note).toContain('at the Kaaba’s antipode: every direction leads to the Kaaba');
      expect(result.special_location).toBe('antipode');
      expect(result.compass_bearing).toBe(0);
      expect(result.geodesic.compass_bearing).toBe(0);
      expect(result.qibla_direction).toBe('North');
    }
  });

  it('near the antipode: a note with the distance to it, and which bearing to show', () => {
    const result = qiblaFor(ANTIPODE[0] + 0.3, ANTIPODE[1]);
    expect(result.note).toMatch(/These coordinates are 33 km from the Kaaba’s antipode/);
    expect(result.note).toContain('geodesic.compass_bearing');
    expect(result.special_location).toBe('near_antipode');
  });

  it('names the special location a client shows instead of an arrow, null elsewhere', () => {
    expect(qiblaFor(KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG).special_location).toBe('kaaba');
    expect(qiblaFor(90, 0).special_location).toBe('north_pole');
    expect(qiblaFor(-90, 0).special_location).toBe('south_pole');
    expect(qiblaFor(51.5074, -0.1278).special_location).toBeNull();
  });

  it('at the poles: which direction the bearing is measured from', () => {
    const north = qiblaFor(90, 0);
    expect(north.note).toContain('At the North Pole every direction is south');
    expect(north.compass_bearing).toBe(140.17); // 180° − 39.83°: the Kaaba's meridian seen from lon=0
    expect(north.geodesic.compass_bearing).toBe(140.17);
    const south = qiblaFor(-90, 0);
    expect(south.note).toContain('At the South Pole every direction is north');
    expect(south.compass_bearing).toBe(39.83);
  });
});
