// The `date` parameter: `YYYY-MM-DD` or an ISO 8601 date-time (docs/api-decisions.md). The
// effective date is always a calendar day at the location, echoed as `YYYY-MM-DD`.
import { localDate } from './local-time.ts';

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
// Four-digit years only; earlier years also collide with Date's 0-99 → 1900s mapping.
export const MIN_YEAR = 1000;
// Four-digit years only: dates stop at 9999-12-31, and a later day is not computed.
export const MAX_YEAR = 9999;
const MS_PER_MINUTE = 60_000;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  /** `YYYY-MM-DD` */
  iso: string;
}

export function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  if (year < MIN_YEAR || month < 1 || month > 12 || day < 1) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { year, month, day, iso };
}

function fromIso(iso: string): CalendarDate | null {
  const [year, month, day] = iso.split('-').map(Number);
  return calendarDate(year ?? 0, month ?? 0, day ?? 0);
}

/** Minutes east of UTC from `Z`, `+03:00` or `-0930`; null when out of range. */
function offsetMinutes(designator: string): number | null {
  if (designator === 'Z') return 0;
  const sign = designator.startsWith('-') ? -1 : 1;
  const digits = designator.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = Number(digits.slice(2));
  if (hours > 23 || minutes > 59) return null;
  return sign * (hours * 60 + minutes);
}

/**
 * The effective calendar date at the location. Absent → today in `timeZone`; empty is invalid.
 * A date-time with `Z` or an offset is an instant: its date in `timeZone`. A date-time
 * without one is already a wall-clock time at the location: its date part.
 * Impossible dates and times (2025-02-30, 25:00) → null.
 */
export function parseDateParam(raw: unknown, timeZone: string, now: Date = new Date()): CalendarDate | null {
  if (raw === undefined) return fromIso(localDate(now, timeZone));
  if (typeof raw !== 'string') return null;
  const match = DATE_TIME.exec(raw);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s, , designator] = match;
  const date = calendarDate(Number(y), Number(mo), Number(d));
  if (date === null) return null;
  if (h === undefined) return date;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  if (designator === undefined) return date;
  const offset = offsetMinutes(designator);
  if (offset === null) return null;
  const wallMs = Date.UTC(date.year, date.month - 1, date.day, Number(h), Number(mi), Number(s ?? 0));
  return fromIso(localDate(new Date(wallMs - offset * MS_PER_MINUTE), timeZone));
}

/** The date `days` later (or earlier, for negative `days`). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  const iso = shifted.toISOString().slice(0, 10);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(), iso };
}

/** The UTC midnight of a `YYYY-MM-DD` date, in ms (setUTCFullYear: years below 100 stay as written). */
function utcMidnightMs(iso: string): number {
  return new Date(0).setUTCFullYear(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

/**
 * Whole days from `a` to `b` (both `YYYY-MM-DD`); read field by field, as Date.parse was
 * a calendar year's largest single cost.
 */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcMidnightMs(b) - utcMidnightMs(a)) / 86_400_000);
}

/** -1, 0 or 1 as `a` is before, on or after `b` (both `YYYY-MM-DD`, four-digit years: text order is date order). */
export function compareIso(a: string, b: string): -1 | 0 | 1 {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * Local midnight of the date in the server's own zone: adhan reads the calendar day
 * with getFullYear/getMonth/getDate, so this is what makes results TZ-independent.
 */
export function adhanDate(date: CalendarDate): Date {
  return new Date(date.year, date.month - 1, date.day);
}
