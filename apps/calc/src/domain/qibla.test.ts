import { describe, expect, it } from 'vitest';
import { distanceToKaabaKm, KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG, qiblaBearing, qiblaFor } from './qibla.ts';

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
    for (const [lat, lon] of [[90, 0], [-90, 0], [-KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG - 180]] as const) {
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
    expect(result.distance_km).toBe(Math.round(distanceToKaabaKm(51.5074, -0.1278) * 100) / 100);
    expect(result.distance_miles).toBe(Math.round(distanceToKaabaKm(51.5074, -0.1278) * 0.621371 * 100) / 100);
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
