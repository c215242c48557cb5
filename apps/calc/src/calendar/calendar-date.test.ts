import { describe, expect, it } from 'vitest';
import { addDays, adhanDate, daysBetween, parseDateParam } from './calendar-date.ts';

const NOW = new Date('2026-06-21T11:00:00Z');

describe('parseDateParam', () => {
  it('reads YYYY-MM-DD as that calendar day', () => {
    expect(parseDateParam('2024-02-29', 'UTC')).toEqual({ year: 2024, month: 2, day: 29, iso: '2024-02-29' });
  });

  it.each(['2025-02-30', '2025-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-01-00', '0999-01-01'])(
    'rejects the impossible date %s',
    (raw) => {
      expect(parseDateParam(raw, 'UTC')).toBeNull();
    },
  );

  it.each([
    'tomorrow',
    '2026-1-5',
    '20260105',
    '2026-01-05 10:00',
    '2026-01-05T10',
    '2026-01-05T25:00',
    '2026-01-05T10:60Z',
    '2026-01-05T10:00+24:00',
    ' 2026-01-05',
  ])('rejects the malformed value %j', (raw) => {
    expect(parseDateParam(raw, 'UTC')).toBeNull();
  });

  it('takes the local date of an instant in the location’s zone', () => {
    expect(parseDateParam('2026-06-21T11:00:00Z', 'Pacific/Kiritimati')?.iso).toBe('2026-06-22');
    expect(parseDateParam('2026-06-21T11:00:00Z', 'Pacific/Pago_Pago')?.iso).toBe('2026-06-21');
    expect(parseDateParam('2026-06-21T01:30:00.250+05:30', 'UTC')?.iso).toBe('2026-06-20');
    expect(parseDateParam('2026-06-21T23:30-0200', 'Asia/Tokyo')?.iso).toBe('2026-06-22');
  });

  it('reads a date-time without offset as wall-clock time at the location (its date part)', () => {
    expect(parseDateParam('2026-06-21T23:59:59', 'Pacific/Kiritimati')?.iso).toBe('2026-06-21');
  });

  it('defaults to today in the location’s zone, not the server’s', () => {
    expect(parseDateParam(undefined, 'Pacific/Kiritimati', NOW)?.iso).toBe('2026-06-22');
    expect(parseDateParam(undefined, 'Pacific/Pago_Pago', NOW)?.iso).toBe('2026-06-21');
  });

  it('rejects an empty date: a parameter that is sent must be valid', () => {
    expect(parseDateParam('', 'UTC', NOW)).toBeNull();
  });

  it('rejects a repeated parameter', () => {
    expect(parseDateParam(['2026-01-01', '2026-01-02'], 'UTC')).toBeNull();
  });
});

describe('adhanDate', () => {
  it('is local midnight of that calendar day in whatever zone the server runs', () => {
    const date = adhanDate({ year: 2026, month: 12, day: 31, iso: '2026-12-31' });
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours()]).toEqual([2026, 11, 31, 0]);
  });
});

describe('addDays and daysBetween', () => {
  it('step across month, year and leap-day boundaries', () => {
    const date = parseDateParam('2024-02-28', 'UTC')!;
    expect(addDays(date, 1).iso).toBe('2024-02-29');
    expect(addDays(date, 2).iso).toBe('2024-03-01');
    expect(addDays(parseDateParam('2026-01-01', 'UTC')!, -1)).toEqual({
      year: 2025,
      month: 12,
      day: 31,
      iso: '2025-12-31',
    });
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysBetween('2026-03-30', '2026-03-29')).toBe(-1);
  });

  it('counts whole days across leap years, centuries and far years (hand-checked)', () => {
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('1900-02-28', '1900-03-01')).toBe(1); // 1900 was not a leap year
    expect(daysBetween('2000-02-28', '2000-03-01')).toBe(2); // 2000 was
    expect(daysBetween('1000-01-01', '1001-01-01')).toBe(365);
    expect(daysBetween('0099-12-31', '0100-01-01')).toBe(1);
    expect(daysBetween('9999-12-30', '9999-12-31')).toBe(1);
  });
});
