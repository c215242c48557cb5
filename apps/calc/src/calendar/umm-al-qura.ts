// Gregorian ↔ Umm al-Qura by the official month table (umm-al-qura-table.ts), for the
// span it covers: 1 Muharram 1356 to 30 Dhu al-Hijjah 1500 AH (1937-03-14 to 2077-11-16).
// Outside it there is no official date, so there is no answer (null). Node's Intl
// `islamic-umalqura` is not used: ICU's table differs from the official one on 695 of
// the 1,740 months (every year outside 1420-1450 AH).
import { MONTH_LENGTHS, TABLE_FIRST_DAY, TABLE_FIRST_YEAR } from './umm-al-qura-table.ts';

export interface UmmAlQuraDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-30 */
  day: number;
}

const MONTHS_PER_YEAR = 12;
const MS_PER_DAY = 86_400_000;

const dayNumber = (iso: string): number =>
  Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / MS_PER_DAY;
const isoOf = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

// Days since 1970-01-01 of the first day of every month, and of the day after the last.
const MONTH_STARTS: Int32Array = (() => {
  const lengths = MONTH_LENGTHS.flat();
  const starts = new Int32Array(lengths.length + 1);
  starts[0] = dayNumber(TABLE_FIRST_DAY);
  lengths.forEach((days, i) => (starts[i + 1] = starts[i]! + days));
  return starts;
})();
const MONTH_COUNT = MONTH_STARTS.length - 1;

export const FIRST_HIJRI_YEAR = TABLE_FIRST_YEAR;
export const LAST_HIJRI_YEAR = TABLE_FIRST_YEAR + MONTH_LENGTHS.length - 1;
export const FIRST_GREGORIAN = TABLE_FIRST_DAY;
export const LAST_GREGORIAN = isoOf(MONTH_STARTS[MONTH_COUNT]! - 1);

/** The Umm al-Qura date of a Gregorian day (`YYYY-MM-DD`), or null outside the table. */
export function ummAlQuraDate(iso: string): UmmAlQuraDate | null {
  const day = dayNumber(iso);
  if (!(day >= MONTH_STARTS[0]! && day < MONTH_STARTS[MONTH_COUNT]!)) return null;
  // The last month that starts on or before the day.
  let low = 0;
  let high = MONTH_COUNT - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (MONTH_STARTS[middle]! <= day) low = middle;
    else high = middle - 1;
  }
  return {
    year: FIRST_HIJRI_YEAR + Math.floor(low / MONTHS_PER_YEAR),
    month: (low % MONTHS_PER_YEAR) + 1,
    day: day - MONTH_STARTS[low]! + 1,
  };
}

/** The Gregorian day of an Umm al-Qura date, or null when the table has no such day. */
export function gregorianOfUmmAlQura({ year, month, day }: UmmAlQuraDate): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return null;
  if (year < FIRST_HIJRI_YEAR || year > LAST_HIJRI_YEAR || month < 1 || month > MONTHS_PER_YEAR || day < 1) return null;
  const index = (year - FIRST_HIJRI_YEAR) * MONTHS_PER_YEAR + month - 1;
  const start = MONTH_STARTS[index]!;
  return day <= MONTH_STARTS[index + 1]! - start ? isoOf(start + day - 1) : null;
}
