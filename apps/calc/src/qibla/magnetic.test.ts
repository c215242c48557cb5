import { readFileSync } from 'node:fs';
import geomagnetism from 'geomagnetism';
import { describe, expect, it } from 'vitest';
import { magneticQibla } from './magnetic.ts';

const testValues = JSON.parse(
  readFileSync(new URL('../../fixtures/wmm2025-test-values.json', import.meta.url), 'utf8'),
) as { rows: number[][] };
const MS_PER_DAY = 86_400_000;
// The package turns a date into a decimal year over 365-day years.
const dateOfDecimalYear = (year: number): Date =>
  new Date(Date.UTC(Math.floor(year), 0, 1) + (year % 1) * 365 * MS_PER_DAY);

describe("the bundled World Magnetic Model against NOAA's WMM2025 test values", () => {
  it.each(testValues.rows)('%s, %s km, %s°, %s°', (year, heightKm, lat, lon, x, y, z, declination) => {
    const model = geomagnetism.model(dateOfDecimalYear(year!));
    expect(model.name).toBe('WMM-2025');
    const point = model.point([lat!, lon! > 180 ? lon! - 360 : lon!, heightKm!]);
    // NOAA prints nT to 0.1 and degrees to 0.01: a right answer is within half of that.
    expect(Math.abs(point.x - x!)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(point.y - y!)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(point.z - z!)).toBeLessThanOrEqual(0.05 + 1e-9);
    expect(Math.abs(point.decl - declination!)).toBeLessThanOrEqual(0.005 + 1e-9);
  });
});

describe('magneticQibla', () => {
  it('subtracts the east-positive declination from the true bearing', () => {
    // 0°N 120°E on 2025-01-01: D = -0.16° (NOAA test value), so a compass reads 0.16° more.
    const { magnetic, note } = magneticQibla(0, 120, 295.5, '2025-01-01');
    expect(magnetic).toEqual({ declination: -0.16, compass_bearing: 295.66, model: 'WMM2025', date: '2025-01-01' });
    expect(note).toBeUndefined();
  });

  it('wraps the compass bearing into [0, 360)', () => {
    const { magnetic } = magneticQibla(-80, -120, 10, '2025-01-01'); // D = 68.78° east
    expect(magnetic?.compass_bearing).toBe(301.22);
  });

  it('names the older model for older dates', () => {
    expect(magneticQibla(51.5, 0, 119, '2021-06-01').magnetic?.model).toBe('WMM2020');
  });

  it('is null with a note outside every bundled model', () => {
    expect(magneticQibla(51.5, 0, 119, '2031-01-01')).toEqual({
      magnetic: null,
      note: expect.stringContaining('covers 2031-01-01'),
    });
    expect(magneticQibla(51.5, 0, 119, '2010-01-01').magnetic).toBeNull();
  });

  it("keeps each day's model apart: days asked in turn each get their own field", () => {
    const days = ['2021-06-01', '2026-11-26', '2021-06-01', '2027-03-15', '2026-11-26'];
    const points: Array<[number, number]> = [
      [21.42, 39.83],
      [-33.87, 151.21],
      [64.13, -21.9],
      [51.5, 0],
      [3.14, 101.69],
    ];
    for (const [index, day] of days.entries()) {
      const [lat, lon] = points[index]!;
      const fresh = geomagnetism.model(new Date(`${day}T00:00:00Z`)).point([lat, lon]);
      expect(magneticQibla(lat, lon, 100, day).magnetic?.declination).toBe(Math.round(fresh.decl * 100) / 100 + 0);
    }
  });

  it('is null at a geographic pole', () => {
    expect(magneticQibla(90, 0, 0, '2026-01-01').magnetic).toBeNull();
  });

  it('warns in the blackout zone near the north magnetic pole', () => {
    expect(magneticQibla(86.5, 160, 301.3, '2026-01-01').note).toMatch(/blackout zone/);
  });
});
