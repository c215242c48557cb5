import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_GREGORIAN, gregorianFromHijri, hijriFromGregorian, LAST_GREGORIAN } from './hijri.ts';

const table = JSON.parse(readFileSync(new URL('../../fixtures/umm-al-qura-months.json', import.meta.url), 'utf8')) as {
  months: { hijri: string; gregorian: string }[];
};

describe('the official Umm al-Qura month starts (1446-1448 AH, van Gent / KACST)', () => {
  it.each(table.months.map((m) => [m.hijri, m.gregorian]))('%s AH is %s', (hijri, gregorian) => {
    expect(hijriFromGregorian(gregorian)?.date).toBe(hijri);
    const [y, m, d] = hijri.split('-').map(Number);
    expect(gregorianFromHijri(y!, m!, d!)).toBe(gregorian);
  });

  it('has the day before each month start as the last day of the previous month', () => {
    for (const { gregorian } of table.months.slice(1)) {
      const before = new Date(Date.parse(`${gregorian}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
      expect([29, 30]).toContain(hijriFromGregorian(before)?.day);
    }
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

  it('round-trips every day of 1440-1460 AH', () => {
    for (let day = Date.parse('2018-09-11T00:00:00Z'); day < Date.parse('2039-01-01T00:00:00Z'); day += 86_400_000) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const [y, m, d] = hijriFromGregorian(iso)!.date.split('-').map(Number);
      expect(gregorianFromHijri(y!, m!, d!)).toBe(iso);
    }
  });
});
