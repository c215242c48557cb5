// The local days a zone actually had. A zone that moves west to east across the date
// line skips a whole day: Pacific/Apia went from 2011-12-29 to 2011-12-31 and
// Pacific/Kiritimati from 1994-12-30 to 1995-01-01 (IANA tz database). A timetable
// leaves such a day out, and a night or the next prayer runs on to the next day that
// existed.
import { addDays, MAX_YEAR, type CalendarDate } from './calendar-date.ts';
import { localDayExists } from './local-time.ts';

function exists(date: CalendarDate, timeZone: string): boolean {
  // A day after MAX_YEAR is not looked up.
  return date.year > MAX_YEAR || localDayExists(date.iso, timeZone);
}

function stepOver(date: CalendarDate, step: 1 | -1, timeZone: string): CalendarDate {
  const day = addDays(date, step);
  // Offsets stay within UTC-12..UTC+14, so one jump skips at most one day (26 h).
  return exists(day, timeZone) ? day : addDays(day, step);
}

/** The first day after `date` that existed in `timeZone`. */
export function nextLocalDay(date: CalendarDate, timeZone: string): CalendarDate {
  return stepOver(date, 1, timeZone);
}

/** The last day before `date` that existed in `timeZone`. */
export function previousLocalDay(date: CalendarDate, timeZone: string): CalendarDate {
  return stepOver(date, -1, timeZone);
}

export interface LocalDays {
  /** The days of the span that existed in the zone, in order. */
  days: CalendarDate[];
  /** `YYYY-MM-DD` of the days the zone skipped. */
  skipped: string[];
}

/** The `count` calendar days from `first`, split into those the zone had and those it skipped. */
export function localDays(first: CalendarDate, count: number, timeZone: string): LocalDays {
  const days: CalendarDate[] = [];
  const skipped: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const day = addDays(first, i);
    if (exists(day, timeZone)) days.push(day);
    else skipped.push(day.iso);
  }
  return { days, skipped };
}

/** The sentence a multi-day answer carries when it left skipped days out. */
export function describeSkippedDays(skipped: readonly string[], timeZone: string): string | undefined {
  if (skipped.length === 0) return undefined;
  const [is, it, day] = skipped.length === 1 ? ['is', 'it', 'that day'] : ['are', 'they', 'those days'];
  return (
    `${skipped.join(' and ')} ${is} left out: ${it} did not exist in ${timeZone}, ` +
    `which skipped ${day} when it moved across the date line.`
  );
}
