import { describe, expect, it } from 'vitest';
import { calendarDate, type CalendarDate } from './calendar-date.ts';
import { describeSkippedDays, localDays, nextLocalDay, previousLocalDay } from './local-days.ts';

const day = (iso: string): CalendarDate => {
  const [y, m, d] = iso.split('-').map(Number);
  return calendarDate(y!, m!, d!)!;
};

describe('localDays', () => {
  it.each([
    ['Pacific/Apia', '2011-01-01', ['2011-12-30']],
    ['Pacific/Kiritimati', '1994-01-01', ['1994-12-31']],
    ['Pacific/Apia', '2026-01-01', []],
    ['America/New_York', '2026-01-01', []],
    ['Pacific/Tongatapu', '2026-01-01', []],
  ])('finds which days of a year %s skipped (%s)', (zone, first, skipped) => {
    const { days, skipped: found } = localDays(day(first), 365, zone);
    expect(found).toEqual(skipped);
    expect(days).toHaveLength(365 - skipped.length);
    expect(days.map((d) => d.iso)).not.toContain(skipped[0]);
  });
});

describe('nextLocalDay and previousLocalDay', () => {
  it('step over the day a zone skipped crossing the date line', () => {
    expect(nextLocalDay(day('2011-12-29'), 'Pacific/Apia').iso).toBe('2011-12-31');
    expect(previousLocalDay(day('2011-12-31'), 'Pacific/Apia').iso).toBe('2011-12-29');
    expect(nextLocalDay(day('1994-12-30'), 'Pacific/Kiritimati').iso).toBe('1995-01-01');
    expect(previousLocalDay(day('1995-01-01'), 'Pacific/Kiritimati').iso).toBe('1994-12-30');
  });

  it('are the neighbouring days everywhere else', () => {
    expect(nextLocalDay(day('2026-03-07'), 'America/New_York').iso).toBe('2026-03-08');
    expect(previousLocalDay(day('2026-03-09'), 'America/New_York').iso).toBe('2026-03-08');
    expect(nextLocalDay(day('9999-12-31'), 'UTC')).toMatchObject({ year: 10000, month: 1, day: 1 });
  });
});

describe('describeSkippedDays', () => {
  it('names the days left out and why, or nothing', () => {
    expect(describeSkippedDays(['2011-12-30'], 'Pacific/Apia')).toBe(
      '2011-12-30 is left out: it did not exist in Pacific/Apia, ' +
        'which skipped that day when it moved across the date line.',
    );
    expect(describeSkippedDays([], 'Pacific/Apia')).toBeUndefined();
  });
});
