// The holidays of a year (holiday-days.ts) with their dates in the Umm al-Qura calendar
// (hijri.ts): each is a fixed Hijri month and day, so its Gregorian day is the table's.
// Where a month begins with a local moon sighting the day may come a day or two earlier
// or later; `adjustmentDays` shifts every date as `hijriAdjustment` does for `hijri`.
import { daysBetween, type CalendarDate } from './calendar-date.ts';
import { FIRST_HIJRI_YEAR, gregorianFromHijri, hijriFromGregorian, LAST_HIJRI_YEAR, type HijriDate } from './hijri.ts';
import { HOLIDAY_DAYS, type HolidayDay } from './holiday-days.ts';

export interface Holiday {
  id: string;
  name: string;
  ar: string;
  about: string;
  /** The Gregorian day (YYYY-MM-DD) it falls on. */
  date: string;
  hijri: HijriDate;
}

function holidayIn(definition: HolidayDay, hijriYear: number, adjustmentDays: number): Holiday | null {
  const date = gregorianFromHijri(hijriYear, definition.month, definition.day, adjustmentDays);
  const hijri = date === null ? null : hijriFromGregorian(date, adjustmentDays);
  if (date === null || hijri === null) return null;
  const { id, name, ar, about } = definition;
  return { id, name, ar, about, date, hijri };
}

/** Every holiday of a Hijri year the table covers, in order. */
export function holidaysOfHijriYear(hijriYear: number, adjustmentDays = 0): Holiday[] {
  return HOLIDAY_DAYS.map((day) => holidayIn(day, hijriYear, adjustmentDays)).filter((holiday) => holiday !== null);
}

/** Every holiday whose Gregorian day falls in `year`: parts of two Hijri years, in date order. */
export function holidaysOfGregorianYear(year: number, adjustmentDays = 0): Holiday[] {
  const prefix = `${String(year).padStart(4, '0')}-`;
  // The Hijri years of its first and last day, or the table's first and last at its ends.
  const first = hijriFromGregorian(`${prefix}01-01`, adjustmentDays)?.year ?? FIRST_HIJRI_YEAR;
  const last = hijriFromGregorian(`${prefix}12-31`, adjustmentDays)?.year ?? LAST_HIJRI_YEAR;
  return range(first, last)
    .flatMap((hijriYear) => holidaysOfHijriYear(hijriYear, adjustmentDays))
    .filter((holiday) => holiday.date.startsWith(prefix));
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The first holiday on or after `from`, and the days until it (0: that day); null after the table's last. */
export function nextHoliday(from: CalendarDate, adjustmentDays = 0): { holiday: Holiday; daysUntil: number } | null {
  const here = hijriFromGregorian(from.iso, adjustmentDays);
  if (here === null) return null;
  for (const hijriYear of range(here.year, Math.min(here.year + 1, LAST_HIJRI_YEAR))) {
    const holiday = holidaysOfHijriYear(hijriYear, adjustmentDays).find((candidate) => candidate.date >= from.iso);
    if (holiday !== undefined) return { holiday, daysUntil: daysBetween(from.iso, holiday.date) };
  }
  return null;
}
