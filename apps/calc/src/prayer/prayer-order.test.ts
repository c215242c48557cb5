import { describe, expect, it } from 'vitest';
import { outOfOrder, type DayTime } from './prayer-order.ts';

const INVALID = new Date(Number.NaN);

function day(hours: Partial<Record<DayTime, number | null>>): Record<DayTime, Date> {
  const base = { fajr: 5, sunrise: 6.5, dhuhr: 12, asr: 15.5, maghrib: 18, isha: 19.5, ...hours };
  return Object.fromEntries(
    Object.entries(base).map(([name, hour]) => [
      name,
      hour === null ? INVALID : new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000),
    ]),
  ) as Record<DayTime, Date>;
}

describe('outOfOrder', () => {
  it('keeps an ordinary day whole', () => {
    expect(outOfOrder(day({}))).toEqual([]);
  });

  it('drops an Asr before dhuhr or after maghrib (adhan near the poles)', () => {
    expect(outOfOrder(day({ asr: 10.8 }))).toEqual(['asr']);
    expect(outOfOrder(day({ asr: 18.2 }))).toEqual(['asr']);
  });

  it('drops an Asr on a day without sunrise and sunset', () => {
    expect(outOfOrder(day({ sunrise: null, maghrib: null, asr: 12.2 }))).toEqual(['asr']);
  });

  it('drops fajr after sunrise and isha before maghrib (0° twilight angles)', () => {
    expect(outOfOrder(day({ fajr: 6.8, isha: 17.6 }))).toEqual(['fajr', 'isha']);
  });

  it('keeps twilight times when the sun never rises but they stay around noon', () => {
    expect(outOfOrder(day({ sunrise: null, asr: null, maghrib: null, fajr: 9, isha: 15 }))).toEqual([]);
  });

  it('ignores times that are already missing', () => {
    expect(outOfOrder(day({ fajr: null, isha: null }))).toEqual([]);
  });
});
