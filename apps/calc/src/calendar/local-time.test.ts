import { describe, expect, it } from 'vitest';
import { formatLocal, isKnownTimeZone, localDate, localDayExists, utcAndLocal, utcInstant } from './local-time.ts';

describe('formatLocal', () => {
  it('shows the wall clock in the zone without a suffix', () => {
    expect(formatLocal(new Date('2026-03-20T12:34:56.789Z'), 'Asia/Tokyo')).toBe('2026-03-20T21:34:56');
    expect(formatLocal(new Date('2026-03-20T02:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-19T19:00:00');
  });

  it('prints midnight as 00, never 24', () => {
    expect(formatLocal(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe('2026-01-01T00:00:00');
    expect(formatLocal(new Date('2026-01-01T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-01-02T00:00:00');
  });

  it('follows daylight saving time', () => {
    expect(formatLocal(new Date('2026-07-01T12:00:00Z'), 'Europe/London')).toBe('2026-07-01T13:00:00');
    expect(formatLocal(new Date('2026-01-01T12:00:00Z'), 'Europe/London')).toBe('2026-01-01T12:00:00');
  });

  it('handles the nautical Etc/GMT zones (sign inverted by POSIX)', () => {
    expect(formatLocal(new Date('2026-01-01T12:00:00Z'), 'Etc/GMT+2')).toBe('2026-01-01T10:00:00');
  });

  // formatLocal reads most clocks from a per-day offset: it must agree with Intl, asked
  // directly, at every 7 minutes 13 seconds of days with and without a clock change
  // (spring forward, fall back, Apia's skipped day, a :45 zone, Lord Howe's half hour).
  it.each([
    ['America/New_York', '2026-03-08'],
    ['America/New_York', '2026-11-01'],
    ['Europe/London', '2026-03-29'],
    ['Europe/London', '2026-10-25'],
    ['Pacific/Apia', '2011-12-29'],
    ['Pacific/Apia', '2011-12-30'],
    ['Asia/Kathmandu', '2026-06-01'],
    ['Australia/Lord_Howe', '2026-04-05'],
    ['Australia/Lord_Howe', '2026-10-04'],
    ['Asia/Tehran', '2022-03-21'],
    ['America/Santiago', '2026-04-05'],
  ])('agrees with Intl over %s on and around %s', (timeZone, day) => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const expected = (instant: Date) => {
      const p = Object.fromEntries(intl.formatToParts(instant).map((part) => [part.type, part.value]));
      return `${p.year}-${p.month}-${p.day}T${p.hour === '24' ? '00' : p.hour}:${p.minute}:${p.second}`;
    };
    const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
    for (let ms = start; ms < start + 3 * 86_400_000; ms += 433_000) {
      expect(formatLocal(new Date(ms), timeZone)).toBe(expected(new Date(ms)));
    }
  });
});

describe('utcAndLocal', () => {
  const HOUR_MS = 3_600_000;
  const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  // What Date's UTC getters show, the year padded to four digits (as formatLocal prints it).
  const clockOf = (date: Date) =>
    `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  // Fixed offsets (Etc/GMT-14 is UTC+14, Etc/GMT+12 UTC−12), so the expected wall clock is the shifted instant.
  const zones = [
    ['UTC', 0],
    ['Etc/GMT-14', 14 * HOUR_MS],
    ['Etc/GMT+12', -12 * HOUR_MS],
  ] as const;
  // Every way `ms` is printed differently from Date's own printing.
  const differences = (ms: number): string[] =>
    zones.flatMap(([zone, offset]) => {
      const shown = utcAndLocal(ms, zone);
      const expected = {
        utc: new Date(wholeSecond(ms)).toISOString(),
        local: clockOf(new Date(wholeSecond(ms) + offset)),
      };
      const utcAlone = utcInstant(ms);
      return shown.utc === expected.utc && shown.local === expected.local && utcAlone === expected.utc
        ? []
        : [`${ms} ${zone}: ${JSON.stringify({ shown, utcAlone })} ≠ ${JSON.stringify(expected)}`];
    });

  it('prints what toISOString and the UTC getters print, from year 1000 to past 9999', () => {
    const first = Date.parse('1000-01-01T00:00:00Z');
    const last = Date.parse('9999-12-31T23:59:59Z') + 2 * 86_400_000;
    // A step of 389 days, 1 h, 1 min and 1.5 s reaches every month, day, hour, minute and second.
    const found: string[] = [];
    for (let ms = first; ms < last; ms += 389 * 86_400_000 + 3_661_500) found.push(...differences(ms));
    expect(found).toEqual([]);
  });

  it.each([
    '1000-01-01T00:00:00.000Z',
    '1582-10-15T12:00:00.000Z',
    '1900-02-28T23:59:59.999Z',
    '1900-03-01T00:00:00.000Z',
    '1969-12-31T23:59:59.500Z',
    '1970-01-01T00:00:00.000Z',
    '2000-02-29T10:10:10.000Z',
    '2100-02-28T23:59:59.000Z',
    '2100-03-01T00:00:00.000Z',
    '9999-12-31T10:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
    '+010000-01-01T00:00:00.000Z',
  ])('agrees at %s (leap days, century years, the epoch, the last four-digit year)', (iso) => {
    expect(differences(Date.parse(iso))).toEqual([]);
  });
});

describe('localDate', () => {
  it('gives the calendar day in the zone, across the date line', () => {
    const instant = new Date('2026-06-21T11:00:00Z');
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-06-22');
    expect(localDate(instant, 'Pacific/Pago_Pago')).toBe('2026-06-21');
  });
});

describe('isKnownTimeZone', () => {
  it('tells real zones from made-up names', () => {
    expect(isKnownTimeZone('Asia/Kuwait')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('localDayExists', () => {
  it('knows Samoa skipped 2011-12-30 (Pacific/Apia went from UTC−10 to UTC+14)', () => {
    expect(localDayExists('2011-12-29', 'Pacific/Apia')).toBe(true);
    expect(localDayExists('2011-12-30', 'Pacific/Apia')).toBe(false);
    expect(localDayExists('2011-12-31', 'Pacific/Apia')).toBe(true);
  });

  it("knows Kiribati's Line Islands skipped 1994-12-31 (Pacific/Kiritimati went from UTC−10 to UTC+14)", () => {
    expect(localDayExists('1994-12-30', 'Pacific/Kiritimati')).toBe(true);
    expect(localDayExists('1994-12-31', 'Pacific/Kiritimati')).toBe(false);
    expect(localDayExists('1995-01-01', 'Pacific/Kiritimati')).toBe(true);
  });

  it('keeps days with a daylight-saving change, and every day of an ordinary zone', () => {
    expect(localDayExists('2026-03-08', 'America/New_York')).toBe(true);
    expect(localDayExists('2026-11-01', 'America/New_York')).toBe(true);
    expect(localDayExists('2026-03-29', 'Europe/London')).toBe(true);
    expect(localDayExists('2026-06-21', 'Etc/GMT-14')).toBe(true);
  });
});
