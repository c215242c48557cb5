import { describe, expect, it } from 'vitest';
import { readUmmAlQuraMonths, ummAlQuraMonthStarts } from '../test-support/umm-al-qura-months.ts';
import { FIRST_GREGORIAN, gregorianFromHijri, hijriFromGregorian, LAST_GREGORIAN } from './hijri.ts';

// The independent edition: every month start of 1356-1500 AH as another compilation of
// the official calendar gives it (the fixture names its source); the code reads van Gent's.
const table = readUmmAlQuraMonths();
const monthStarts = ummAlQuraMonthStarts(table);
const dayBefore = (iso: string): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

describe('every official Umm al-Qura month start, 1356-1500 AH (dralshehri/ummalqura-calendar)', () => {
  it('has 145 years of 12 months', () => {
    expect(monthStarts).toHaveLength(1740);
    expect(monthStarts[0]).toEqual(['1356-01-01', FIRST_GREGORIAN]);
    expect(dayBefore(table.dayAfterLast)).toBe(LAST_GREGORIAN);
  });

  it.each(monthStarts)('%s AH is %s, both ways', (hijri, gregorian) => {
    expect(hijriFromGregorian(gregorian)?.date).toBe(hijri);
    const [y, m, d] = hijri.split('-').map(Number);
    expect(gregorianFromHijri(y!, m!, d!)).toBe(gregorian);
  });

  it('ends every month the day before the next one starts, and has no day after its last', () => {
    const ends = [...monthStarts.slice(1).map(([, gregorian]) => gregorian), table.dayAfterLast];
    monthStarts.forEach(([hijri, gregorian], i) => {
      const length = Math.round((Date.parse(ends[i]!) - Date.parse(gregorian)) / 86_400_000);
      // 29 or 30 days; the one exception, in both editions, is Shaban 1364 AH (1945) with 28.
      expect(hijri === '1364-08-01' ? [28] : [29, 30], hijri).toContain(length);
      expect(hijriFromGregorian(dayBefore(ends[i]!))?.date, hijri).toBe(`${hijri.slice(0, 8)}${length}`);
      const [y, m] = hijri.split('-').map(Number);
      expect(gregorianFromHijri(y!, m!, length), hijri).toBe(dayBefore(ends[i]!));
      expect(gregorianFromHijri(y!, m!, length + 1), hijri).toBeNull();
    });
  });
});

describe('hijriFromGregorian', () => {
  it('names the month and weekday in English and Arabic, and the holiday', () => {
    expect(hijriFromGregorian('2026-03-20')).toEqual({
      date: '1447-10-01',
      day: 1,
      month: { number: 10, en: 'Shawwal', ar: 'شَوَّال' },
      year: 1447,
      weekday: { en: 'Friday', ar: 'الجمعة' },
      calendar: 'islamic-umalqura',
      holidays: ['Eid al-Fitr'],
    });
  });

  it.each([
    ['2025-06-26', 'Islamic New Year'],
    ['2025-07-05', 'Ashura'],
    ['2026-02-18', 'First of Ramadan'],
    ['2026-05-26', 'Day of Arafah'],
    ['2026-05-27', 'Eid al-Adha'],
  ])('%s is %s', (date, holiday) => {
    expect(hijriFromGregorian(date)?.holidays).toEqual([holiday]);
  });

  it('has no holiday on an ordinary day', () => {
    expect(hijriFromGregorian('2026-03-21')?.holidays).toEqual([]);
  });

  it('shifts the Hijri date, not the weekday, by the adjustment', () => {
    expect(hijriFromGregorian('2026-03-19', 1)).toMatchObject({ date: '1447-10-01', weekday: { en: 'Thursday' } });
    expect(hijriFromGregorian('2026-03-20', -1)?.date).toBe('1447-09-30'); // Ramadan 1447 has 30 days
    expect(hijriFromGregorian('2026-03-20', 2)?.date).toBe('1447-10-03');
  });

  it('is null outside the span of the published tables', () => {
    expect(hijriFromGregorian(FIRST_GREGORIAN)?.date).toBe('1356-01-01');
    expect(hijriFromGregorian(LAST_GREGORIAN)?.date).toBe('1500-12-30');
    expect(hijriFromGregorian('1937-03-13')).toBeNull();
    expect(hijriFromGregorian('2077-11-17')).toBeNull();
  });
});

describe('gregorianFromHijri', () => {
  it('is null for days that do not exist', () => {
    expect(gregorianFromHijri(1447, 2, 30)).toBeNull(); // Safar 1447 has 29 days
    expect(gregorianFromHijri(1447, 13, 1)).toBeNull();
    expect(gregorianFromHijri(1447, 1, 0)).toBeNull();
    expect(gregorianFromHijri(1355, 12, 1)).toBeNull();
    expect(gregorianFromHijri(1501, 1, 1)).toBeNull();
  });

  it('accepts day 30 of a 30-day month', () => {
    expect(gregorianFromHijri(1447, 1, 30)).toBe('2025-07-25');
  });

  it('inverts the adjustment', () => {
    expect(gregorianFromHijri(1447, 10, 1, 1)).toBe('2026-03-19');
  });

  it('round-trips every day of 1356-1500 AH', () => {
    for (
      let day = Date.parse(`${FIRST_GREGORIAN}T00:00:00Z`);
      day <= Date.parse(`${LAST_GREGORIAN}T00:00:00Z`);
      day += 86_400_000
    ) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const [y, m, d] = hijriFromGregorian(iso)!.date.split('-').map(Number);
      expect(gregorianFromHijri(y!, m!, d!)).toBe(iso);
    }
  });
});
