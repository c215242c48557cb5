// A Hijri month or year as a run of Gregorian days (`hijriYear`, `hijriMonth`), for the
// calendar and its .ics feed: the Ramadan timetable is hijriMonth=9. The month is the
// Umm al-Qura table's, shifted by `hijriAdjustment` as the days' `hijri` dates are, so
// every day answered carries that month in `hijri`. 400s name the parameter.
import { prayerTimeError } from '@ira/core/contract/errors';
import { calendarDate, daysBetween, type CalendarDate } from '../calendar/calendar-date.ts';
import { FIRST_HIJRI_YEAR, gregorianFromHijri, LAST_HIJRI_YEAR } from '../calendar/hijri.ts';
import { integerParam, isSent, valueOrThrow } from '@ira/core/contract/params';

const MONTHS_PER_YEAR = 12;
const LONGEST_MONTH_DAYS = 30;

export const HIJRI_YEAR_ERROR =
  `hijriYear must be a whole number from ${FIRST_HIJRI_YEAR} to ${LAST_HIJRI_YEAR} ` +
  '(the years of the official Umm al-Qura table)';
export const HIJRI_MONTH_ERROR =
  'hijriMonth must be a whole number from 1 to 12 (leave it out for the whole Hijri year)';
export const HIJRI_YEAR_MISSING_ERROR = 'hijriYear is required with hijriMonth';
export const HIJRI_EDGE_ERROR =
  'hijriYear and hijriMonth with this hijriAdjustment fall outside the official Umm al-Qura table ' +
  `(${FIRST_HIJRI_YEAR}-01 to ${LAST_HIJRI_YEAR}-12)`;

export interface HijriPeriod {
  first: CalendarDate;
  count: number;
  echo: { hijriYear: number; hijriMonth?: number };
}

/** Whether the query asks for a Hijri period (either parameter sent, even empty: it is then a 400). */
export const asksHijriPeriod = (query: Record<string, unknown>): boolean =>
  isSent(query, 'hijriYear') || isSent(query, 'hijriMonth');

/** The Gregorian day a Hijri month ends on: its 30th, or its 29th where it has no 30th. */
function lastDayOf(year: number, month: number, adjustment: number): string | null {
  return (
    gregorianFromHijri(year, month, LONGEST_MONTH_DAYS, adjustment) ??
    gregorianFromHijri(year, month, LONGEST_MONTH_DAYS - 1, adjustment)
  );
}

function fromIso(iso: string): CalendarDate {
  const [year, month, day] = iso.split('-').map(Number);
  return calendarDate(year!, month!, day!)!;
}

/** The days of the Hijri month (or year) asked for; throws the 400 naming the parameter. */
export function parseHijriPeriod(query: Record<string, unknown>, adjustment: number): HijriPeriod {
  const yearBounds = { min: FIRST_HIJRI_YEAR, max: LAST_HIJRI_YEAR, message: HIJRI_YEAR_ERROR };
  const year = valueOrThrow(integerParam(query, 'hijriYear', yearBounds), prayerTimeError);
  const monthBounds = { min: 1, max: MONTHS_PER_YEAR, message: HIJRI_MONTH_ERROR };
  const month = valueOrThrow(integerParam(query, 'hijriMonth', monthBounds), prayerTimeError);
  if (year === undefined) throw prayerTimeError(HIJRI_YEAR_MISSING_ERROR);
  const first = gregorianFromHijri(year, month ?? 1, 1, adjustment);
  const last = lastDayOf(year, month ?? MONTHS_PER_YEAR, adjustment);
  if (first === null || last === null) throw prayerTimeError(HIJRI_EDGE_ERROR);
  const echo = { hijriYear: year, ...(month === undefined ? {} : { hijriMonth: month }) };
  return { first: fromIso(first), count: daysBetween(first, last) + 1, echo };
}
