// Hijri dates in the Umm al-Qura calendar of Saudi Arabia, from the official month
// table (umm-al-qura.ts), with names, holidays and the local-sighting adjustment.
import { addDays, calendarDate, type CalendarDate } from './calendar-date.ts';
import { HOLIDAY_DAYS } from './holiday-days.ts';
import {
  FIRST_GREGORIAN,
  FIRST_HIJRI_YEAR,
  gregorianOfUmmAlQura,
  LAST_GREGORIAN,
  LAST_HIJRI_YEAR,
  ummAlQuraDate,
} from './umm-al-qura.ts';

export { FIRST_GREGORIAN, FIRST_HIJRI_YEAR, LAST_GREGORIAN, LAST_HIJRI_YEAR };

/**
 * The CLDR name of the calendar these dates follow (the official Umm al-Qura table). ICU's
 * own `islamic-umalqura` data differs from it (umm-al-qura.ts), so Intl may give another date.
 */
export const HIJRI_CALENDAR = 'islamic-umalqura';
export const MAX_HIJRI_ADJUSTMENT_DAYS = 2;

const MONTHS: readonly { en: string; ar: string }[] = [
  { en: 'Muharram', ar: 'مُحَرَّم' },
  { en: 'Safar', ar: 'صَفَر' },
  { en: 'Rabi al-Awwal', ar: 'رَبِيع الأَوَّل' },
  { en: 'Rabi al-Thani', ar: 'رَبِيع الثَّانِي' },
  { en: 'Jumada al-Ula', ar: 'جُمَادَى الأُولَى' },
  { en: 'Jumada al-Akhirah', ar: 'جُمَادَى الآخِرَة' },
  { en: 'Rajab', ar: 'رَجَب' },
  { en: 'Shaban', ar: 'شَعْبَان' },
  { en: 'Ramadan', ar: 'رَمَضَان' },
  { en: 'Shawwal', ar: 'شَوَّال' },
  { en: 'Dhu al-Qadah', ar: 'ذُو القَعْدَة' },
  { en: 'Dhu al-Hijjah', ar: 'ذُو الحِجَّة' },
];

// Sunday first, as Date#getUTCDay counts.
const WEEKDAYS: readonly { en: string; ar: string }[] = [
  { en: 'Sunday', ar: 'الأحد' },
  { en: 'Monday', ar: 'الاثنين' },
  { en: 'Tuesday', ar: 'الثلاثاء' },
  { en: 'Wednesday', ar: 'الأربعاء' },
  { en: 'Thursday', ar: 'الخميس' },
  { en: 'Friday', ar: 'الجمعة' },
  { en: 'Saturday', ar: 'السبت' },
];

// The holidays by Hijri month and day (holiday-days.ts).
const HOLIDAYS: ReadonlyMap<string, string> = new Map(
  HOLIDAY_DAYS.map(({ month, day, name }) => [`${month}-${day}`, name]),
);

export interface HijriDate {
  /** `YYYY-MM-DD` in the Hijri calendar. */
  date: string;
  day: number;
  month: { number: number; en: string; ar: string };
  year: number;
  /** The weekday of the Gregorian day (an adjustment does not change it). */
  weekday: { en: string; ar: string };
  calendar: typeof HIJRI_CALENDAR;
  holidays: string[];
}

const utcMidnight = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function fromIso(iso: string): CalendarDate {
  const [year, month, day] = iso.split('-').map(Number);
  return calendarDate(year ?? 0, month ?? 0, day ?? 0) as CalendarDate;
}

/**
 * The Hijri date of a Gregorian day (`YYYY-MM-DD`). `adjustmentDays` (-2..2) shifts
 * it for a local moon sighting: +1 gives the Hijri date of the next Gregorian day.
 * null outside the official table (1937-03-14 to 2077-11-16).
 */
export function hijriFromGregorian(iso: string, adjustmentDays = 0): HijriDate | null {
  const shifted = adjustmentDays === 0 ? iso : addDays(fromIso(iso), adjustmentDays).iso;
  const found = ummAlQuraDate(shifted);
  if (found === null) return null;
  const { year, month, day } = found;
  const names = MONTHS[month - 1]!;
  const holiday = HOLIDAYS.get(`${month}-${day}`);
  return {
    date: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
    day,
    month: { number: month, en: names.en, ar: names.ar },
    year,
    weekday: WEEKDAYS[utcMidnight(iso).getUTCDay()]!,
    calendar: HIJRI_CALENDAR,
    holidays: holiday === undefined ? [] : [holiday],
  };
}

/** The sentence a day's note carries when its `hijri` is null. */
export function whyNoHijri(iso: string): string {
  return (
    `hijri is null on ${iso}: the official Umm al-Qura table covers ${FIRST_GREGORIAN} to ${LAST_GREGORIAN} ` +
    `(${FIRST_HIJRI_YEAR} to ${LAST_HIJRI_YEAR} AH).`
  );
}

/**
 * The Gregorian day (`YYYY-MM-DD`) of a Hijri date, or null when that date does not
 * exist (day 30 of a 29-day month) or is outside the table. `adjustmentDays` is the
 * same shift as in hijriFromGregorian, so the two are inverses.
 */
export function gregorianFromHijri(year: number, month: number, day: number, adjustmentDays = 0): string | null {
  const gregorian = gregorianOfUmmAlQura({ year, month, day });
  if (gregorian === null || adjustmentDays === 0) return gregorian;
  return addDays(fromIso(gregorian), -adjustmentDays).iso;
}
