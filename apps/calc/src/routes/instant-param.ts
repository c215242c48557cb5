// An instant from the query: an ISO 8601 date-time that says its offset (`Z`,
// `+03:00`, `-0930`). Without an offset a wall-clock time is ambiguous on DST days,
// so it is not an instant. A space before the offset is read as `+`: that is what an
// unencoded `+` in a query string arrives as.
import { calendarDate } from '../calendar/calendar-date.ts';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+\- ])(\d{2}):?(\d{2}))$/;
const MS_PER_MINUTE = 60_000;
const MAX_OFFSET_HOURS = 23;

/** The instant, or null when malformed, impossible (02-30, 25:00) or without offset. */
export function parseInstant(raw: string): Date | null {
  const match = INSTANT.exec(raw);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s, fraction, zone, sign, oh, om] = match;
  if (calendarDate(Number(y), Number(mo), Number(d)) === null) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59) return null;
  if (zone !== 'Z' && (Number(oh) > MAX_OFFSET_HOURS || Number(om) > 59)) return null;
  const offset = zone === 'Z' ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const ms = Math.floor(Number(`0.${fraction ?? '0'}`) * 1000);
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0), ms);
  return new Date(wall - offset * MS_PER_MINUTE);
}
