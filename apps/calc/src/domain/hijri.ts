// Hijri dates in the Umm al-Qura calendar of Saudi Arabia, by ICU's
// `islamic-umalqura` calendar (Node's Intl). ICU carries a table of month lengths;
// it is checked against the official month starts in fixtures/umm-al-qura-months.json.
import { addDays, calendarDate, type CalendarDate } from './calendar-date.ts';

export const HIJRI_CALENDAR = 'islamic-umalqura';

// The span of the published Umm al-Qura tables (R.H. van Gent, "The Umm al-Qura
// Calendar of Saudi Arabia", Utrecht University: 1 Muharram 1356 to the end of 1500 AH).
// Outside it ICU falls back to a tabular calendar that Saudi Arabia never used.
export const FIRST_GREGORIAN = '1937-03-14';
export const LAST_GREGORIAN = '2077-11-16';
export const FIRST_HIJRI_YEAR = 1356;
export const LAST_HIJRI_YEAR = 1500;
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

// The widely observed days, by Hijri month and day.
const HOLIDAYS: ReadonlyMap<string, string> = new Map([
  ['1-1', 'Islamic New Year'],
  ['1-10', 'Ashura'],
  ['9-1', 'First of Ramadan'],
  ['10-1', 'Eid al-Fitr'],
  ['12-9', 'Day of Arafah'],
  ['12-10', 'Eid al-Adha'],
]);

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

interface HijriParts {
  year: number;
  month: number;
  day: number;
}

const formatter = new Intl.DateTimeFormat(`en-u-ca-${HIJRI_CALENDAR}-nu-latn`, {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

const utcMidnight = (iso: string): Date => new Date(`${iso}T00:00:00Z`);
const inTableSpan = (iso: string): boolean => iso >= FIRST_GREGORIAN && iso <= LAST_GREGORIAN;
const pad = (value: number, width: number): string => String(value).padStart(width, '0');

function hijriParts(iso: string): HijriParts {
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(utcMidnight(iso))) parts[part.type] = Number(part.value);
  return { year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0 };
}

function fromIso(iso: string): CalendarDate {
  const [year, month, day] = iso.split('-').map(Number);
  return calendarDate(year ?? 0, month ?? 0, day ?? 0) as CalendarDate;
}

/**
 * The Hijri date of a Gregorian day (`YYYY-MM-DD`). `adjustmentDays` (-2..2) shifts
 * it for a local moon sighting: +1 gives the Hijri date of the next Gregorian day.
 * null outside the span of the published tables.
 */
export function hijriFromGregorian(iso: string, adjustmentDays = 0): HijriDate | null {
  const shifted = adjustmentDays === 0 ? iso : addDays(fromIso(iso), adjustmentDays).iso;
  if (!inTableSpan(shifted)) return null;
  const { year, month, day } = hijriParts(shifted);
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

// 1 Muharram 1356 AH is 1937-03-14; a mean synodic month of 29.530588853 days
// (Meeus, Astronomical Algorithms, ch. 49) puts a first guess within a day or two.
const MEAN_MONTH_DAYS = 29.530588853;
const MAX_STEPS = 4;

const monthIndex = (p: HijriParts): number => p.year * 12 + p.month - 1;

/**
 * The Gregorian day (`YYYY-MM-DD`) of a Hijri date, or null when that date does not
 * exist (day 30 of a 29-day month) or is outside the tables. `adjustmentDays` is the
 * same shift as in hijriFromGregorian, so the two are inverses.
 */
export function gregorianFromHijri(year: number, month: number, day: number, adjustmentDays = 0): string | null {
  if (year < FIRST_HIJRI_YEAR || year > LAST_HIJRI_YEAR || month < 1 || month > 12 || day < 1 || day > 30) return null;
  const wanted = { year, month, day };
  const months = monthIndex(wanted) - FIRST_HIJRI_YEAR * 12;
  let guess = addDays(fromIso(FIRST_GREGORIAN), Math.round(months * MEAN_MONTH_DAYS) + day - 1);
  for (let step = 0; step < MAX_STEPS; step += 1) {
    const got = hijriParts(guess.iso);
    const offset = Math.round((monthIndex(wanted) - monthIndex(got)) * MEAN_MONTH_DAYS) + wanted.day - got.day;
    if (offset === 0) break;
    guess = addDays(guess, offset);
  }
  const found = hijriParts(guess.iso);
  if (found.year !== year || found.month !== month || found.day !== day || !inTableSpan(guess.iso)) return null;
  return adjustmentDays === 0 ? guess.iso : addDays(guess, -adjustmentDays).iso;
}
