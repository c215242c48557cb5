// Wall-clock views of instants in a named zone, independent of the server's TZ.
import { LRUCache } from 'lru-cache';

// One formatter per zone (there are ~600 IANA names); building one costs far more
// than using it.
const FORMATTER_CACHE_MAX = 1_000;
const formatters = new LRUCache<string, Intl.DateTimeFormat>({ max: FORMATTER_CACHE_MAX });

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

function intlWallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: (parts.year ?? '').padStart(4, '0'),
    month: parts.month ?? '',
    day: parts.day ?? '',
    // Some ICU versions print midnight as "24" even with h23; it is the same day's 00.
    hour: parts.hour === '24' ? '00' : (parts.hour ?? ''),
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

const DAY_MS = 86_400_000;
const LAST_SECOND_MS = DAY_MS - 1_000;
/** (zone, UTC day) pairs whose offset is known; a day of prayer times asks about one or two. */
const DAY_OFFSET_CACHE_MAX = 20_000;
// The zone's offset over a whole UTC day, or null when it changes within that day.
const dayOffsets = new LRUCache<string, { offsetMs: number | null }>({ max: DAY_OFFSET_CACHE_MAX });

function dayOffsetMs(dayStartMs: number, timeZone: string): number | null {
  const key = `${timeZone} ${dayStartMs}`;
  let known = dayOffsets.get(key);
  if (known === undefined) {
    const first = offsetMs(new Date(dayStartMs), timeZone);
    const last = offsetMs(new Date(dayStartMs + LAST_SECOND_MS), timeZone);
    known = { offsetMs: first === last ? first : null };
    dayOffsets.set(key, known);
  }
  return known.offsetMs;
}

const two = (n: number): string => String(n).padStart(2, '0');

/**
 * The wall clock in `timeZone` at `instant`. Intl's formatter is the authority, but
 * asking it for every time of a day is most of a prayer-time answer's cost: on a UTC
 * day over which the zone's offset does not change (all but a few a year), the clock is
 * the instant shifted by that offset, read as UTC; on a day it changes, Intl is asked.
 */
function wallClock(instant: Date, timeZone: string): WallClock {
  const ms = instant.getTime();
  const dayStartMs = Math.floor(ms / DAY_MS) * DAY_MS;
  const offset = dayOffsetMs(dayStartMs, timeZone);
  if (offset === null) return intlWallClock(instant, timeZone);
  const shifted = new Date(Math.floor(ms / 1000) * 1000 + offset);
  return {
    year: String(shifted.getUTCFullYear()).padStart(4, '0'),
    month: two(shifted.getUTCMonth() + 1),
    day: two(shifted.getUTCDate()),
    hour: two(shifted.getUTCHours()),
    minute: two(shifted.getUTCMinutes()),
    second: two(shifted.getUTCSeconds()),
  };
}

/** `YYYY-MM-DDTHH:mm:ss` as a clock in `timeZone` shows `instant`. */
export function formatLocal(instant: Date, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}`;
}

/** The calendar date (`YYYY-MM-DD`) in `timeZone` at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${c.year}-${c.month}-${c.day}`;
}

/** Whether Intl knows the zone (geo-tz data and ICU data are released separately). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const NOON_HOUR = 12;

/** Wall-clock minus UTC at `instant` in `timeZone`, in ms. */
function offsetMs(instant: Date, timeZone: string): number {
  const c = intlWallClock(instant, timeZone);
  const wall = Date.UTC(Number(c.year), Number(c.month) - 1, Number(c.day), Number(c.hour), Number(c.minute), Number(c.second));
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * Whether the local day `iso` (YYYY-MM-DD) happened in `timeZone`. A zone that jumps
 * across the date line skips a whole day (Pacific/Apia went from 2011-12-29 to
 * 2011-12-31). Local noon, found from the offset before or after a jump, lies on the
 * day whenever it exists.
 */
export function localDayExists(iso: string, timeZone: string): boolean {
  const [year, month, day] = iso.split('-').map(Number);
  const noonAsUtc = Date.UTC(year!, month! - 1, day!, NOON_HOUR);
  // Most days: the offset known for that UTC day (cached) already finds local noon.
  const known = dayOffsetMs(Math.floor(noonAsUtc / DAY_MS) * DAY_MS, timeZone);
  if (known !== null && localDate(new Date(noonAsUtc - known), timeZone) === iso) return true;
  const first = noonAsUtc - offsetMs(new Date(noonAsUtc), timeZone);
  if (localDate(new Date(first), timeZone) === iso) return true;
  const second = noonAsUtc - offsetMs(new Date(first), timeZone);
  return localDate(new Date(second), timeZone) === iso;
}
