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
const HOUR_S = 3_600;
const MINUTE_S = 60;
const MS_PER_SECOND = 1_000;
const LAST_SECOND_MS = DAY_MS - MS_PER_SECOND;
/** (zone, UTC day) pairs whose offset is known; a day of prayer times asks about one or two. */
const DAY_OFFSET_CACHE_MAX = 20_000;
// The zone's offset over a whole UTC day, or null when it changes within that day.
const dayOffsets = new LRUCache<string, { offsetMs: number | null }>({ max: DAY_OFFSET_CACHE_MAX });
// The UTC days asked most recently, one slot per day number modulo RECENT_DAYS: a year's
// timetable asks about each of its days twice (whether it existed, then its times), a day
// about one or two. Building the LRU's key and reading it was a tenth of a month's timetable.
const RECENT_DAYS = 512;
const recentDays = Array.from({ length: RECENT_DAYS }, () => ({
  timeZone: '',
  dayStartMs: Number.NaN,
  offsetMs: null as number | null,
}));

function dayOffsetMs(dayStartMs: number, timeZone: string): number | null {
  const recent = recentDays[(dayStartMs / DAY_MS) & (RECENT_DAYS - 1)]!;
  if (recent.dayStartMs === dayStartMs && recent.timeZone === timeZone) return recent.offsetMs;
  const key = `${timeZone} ${dayStartMs}`;
  let known = dayOffsets.get(key);
  if (known === undefined) {
    const first = offsetMs(new Date(dayStartMs), timeZone);
    const last = offsetMs(new Date(dayStartMs + LAST_SECOND_MS), timeZone);
    known = { offsetMs: first === last ? first : null };
    dayOffsets.set(key, known);
  }
  recent.timeZone = timeZone;
  recent.dayStartMs = dayStartMs;
  recent.offsetMs = known.offsetMs;
  return known.offsetMs;
}

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));
// Days from 0000-03-01 (a year counted from March puts the leap day last) to 1970-01-01,
// and the days of 400 Gregorian years.
const MARCH_0000_TO_EPOCH_DAYS = 719_468;
const DAYS_PER_400_YEARS = 146_097;

/**
 * `YYYY-MM-DDTHH:mm:ss` of the UTC clock at `ms` (whole seconds), the year padded to four
 * digits, as Date's UTC getters give it, without making a Date: the civil date from a day
 * number as in civil_from_days of H. Hinnant's "chrono-Compatible Low-Level Date
 * Algorithms". Three times faster than a Date and toISOString, and a day's timetable
 * prints 24 clocks.
 */
function utcClock(ms: number): string {
  const dayNumber = Math.floor(ms / DAY_MS);
  const seconds = Math.floor((ms - dayNumber * DAY_MS) / MS_PER_SECOND);
  const fromMarch0000 = dayNumber + MARCH_0000_TO_EPOCH_DAYS;
  const era = Math.floor(fromMarch0000 / DAYS_PER_400_YEARS);
  const dayOfEra = fromMarch0000 - era * DAYS_PER_400_YEARS;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = TWO_DIGITS[Math.floor(seconds / HOUR_S)];
  const minutes = TWO_DIGITS[Math.floor((seconds % HOUR_S) / MINUTE_S)];
  const time = `${hours}:${minutes}:${TWO_DIGITS[seconds % MINUTE_S]}`;
  return `${String(year).padStart(4, '0')}-${TWO_DIGITS[month]}-${TWO_DIGITS[day]}T${time}`;
}

// Date#toISOString writes four-digit years from 0000-01-01 to 9999-12-31 and six digits
// with a sign outside them.
const YEAR_0000_MS = -62_167_219_200_000;
const YEAR_10000_MS = 253_402_300_800_000;

/** Date#toISOString of the whole second at `ms`. */
function isoInstant(ms: number): string {
  return ms >= YEAR_0000_MS && ms < YEAR_10000_MS ? `${utcClock(ms)}.000Z` : new Date(ms).toISOString();
}

/**
 * The wall clock in `timeZone` at the whole second `ms`. Intl's formatter is the
 * authority, but asking it for every time of a day is most of a prayer-time answer's
 * cost: on a UTC day over which the zone's offset does not change (all but a few a
 * year), the clock is the instant shifted by that offset, read as UTC; on a day it
 * changes, Intl is asked.
 */
function localClock(ms: number, timeZone: string): string {
  const offset = dayOffsetMs(Math.floor(ms / DAY_MS) * DAY_MS, timeZone);
  if (offset !== null) return utcClock(ms + offset);
  const c = intlWallClock(new Date(ms), timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}`;
}

const wholeSecond = (ms: number): number => Math.floor(ms / MS_PER_SECOND) * MS_PER_SECOND;

/** `YYYY-MM-DDTHH:mm:ss` as a clock in `timeZone` shows `instant`. */
export function formatLocal(instant: Date, timeZone: string): string {
  return localClock(wholeSecond(instant.getTime()), timeZone);
}

/** The calendar date (`YYYY-MM-DD`) in `timeZone` at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  return formatLocal(instant, timeZone).slice(0, 10);
}

/**
 * The whole second of `ms` as an instant (`YYYY-MM-DDTHH:mm:ss.000Z`, Date#toISOString)
 * and as the wall clock in `timeZone` (formatLocal): how every time in an answer is shown.
 */
export function utcAndLocal(ms: number, timeZone: string): { utc: string; local: string } {
  const whole = wholeSecond(ms);
  return { utc: isoInstant(whole), local: localClock(whole, timeZone) };
}

/** utcAndLocal's `utc` alone. */
export function utcInstant(ms: number): string {
  return isoInstant(wholeSecond(ms));
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
  const wall = Date.UTC(
    Number(c.year),
    Number(c.month) - 1,
    Number(c.day),
    Number(c.hour),
    Number(c.minute),
    Number(c.second),
  );
  return wall - wholeSecond(instant.getTime());
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
