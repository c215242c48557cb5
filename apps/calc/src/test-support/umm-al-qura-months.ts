// Every official Umm al-Qura month start of 1356-1500 AH as a second compilation gives it
// (fixtures/umm-al-qura-months.json names its source): the independent check of the table
// the code reads (van Gent's, calendar/umm-al-qura-table.ts), as the Hijri and method tests read it.
import { readFileSync } from 'node:fs';

export interface UmmAlQuraMonths {
  /** By Hijri year: the Gregorian `YYYY-MM-DD` of the first day of each of its 12 months. */
  firstDays: Record<string, string[]>;
  /** The Gregorian day after the last month's last day. */
  dayAfterLast: string;
}

export function readUmmAlQuraMonths(): UmmAlQuraMonths {
  return JSON.parse(
    readFileSync(new URL('../../fixtures/umm-al-qura-months.json', import.meta.url), 'utf8'),
  ) as UmmAlQuraMonths;
}

/** `[Hijri YYYY-MM-01, Gregorian YYYY-MM-DD]` for every month of `years` (default all), in order. */
export function ummAlQuraMonthStarts(
  months: UmmAlQuraMonths,
  years: readonly string[] = Object.keys(months.firstDays),
): (readonly [string, string])[] {
  return years.flatMap((year) =>
    months.firstDays[year]!.map((gregorian, i) => [`${year}-${String(i + 1).padStart(2, '0')}-01`, gregorian] as const),
  );
}
