// Writes src/calendar/umm-al-qura-table.ts from R.H. van Gent's list of Umm al-Qura month
// starts: the modified chronological Julian day numbers (CJDN − 2,400,000) of the first
// day of every month from 1 Muharram 1356 AH, plus the first day of 1501 AH (1,741
// numbers). Feed it any text holding exactly those numbers, e.g. the `ummAlQura` array of
// islamic-network/calendar's src/Data/Astronomical.php:
//   sed -n "/'ummAlQura' => \[/,/\]/p" Astronomical.php |
//     node scripts/umm-al-qura-table.ts > src/calendar/umm-al-qura-table.ts
import { readFileSync } from 'node:fs';

const FIRST_YEAR = 1356;
const LAST_YEAR = 1500;
const MONTHS = 12;
const EXPECTED = (LAST_YEAR - FIRST_YEAR + 1) * MONTHS + 1;
// CJDN 2,440,588 is 1970-01-01.
const MCJDN_OF_UNIX_EPOCH = 40_588;
const MS_PER_DAY = 86_400_000;

const isoOf = (mcjdn: number): string =>
  new Date((mcjdn - MCJDN_OF_UNIX_EPOCH) * MS_PER_DAY).toISOString().slice(0, 10);

const starts = (readFileSync(0, 'utf8').match(/\d{5}/g) ?? []).map(Number);
if (starts.length !== EXPECTED)
  throw new Error(`expected ${EXPECTED} month starts (1356-01 to 1501-01), got ${starts.length}`);
const lengths = starts.slice(1).map((start, i) => start - starts[i]!);
// 29 or 30 days; the tables have one 28-day month (Shaban 1364 AH, 1945).
const bad = lengths.findIndex((days) => days < 28 || days > 30);
if (bad !== -1) throw new Error(`month ${bad} of the list has ${lengths[bad]} days`);

const years = Array.from({ length: LAST_YEAR - FIRST_YEAR + 1 }, (_, y) => {
  const year = lengths.slice(y * MONTHS, (y + 1) * MONTHS).join(', ');
  return `  [${year}], // ${FIRST_YEAR + y} AH from ${isoOf(starts[y * MONTHS]!)}`;
});

process.stdout.write(`// The official Umm al-Qura calendar of Saudi Arabia, 1356-1500 AH, as month lengths.
// Source: R.H. van Gent, "The Umm al-Qura Calendar of Saudi Arabia", Utrecht University
// (https://webspace.science.uu.nl/~gent0113/islam/ummalqura.htm): his table of the first
// days of the months, compiled from the official Saudi calendars (KACST, King Abdulaziz
// City for Science and Technology, Riyadh). Read from the copy in islamic-network/calendar,
// src/Data/Astronomical.php (\`ummAlQura\`), commit 9c9463c of 2025-01-03. Terms: van
// Gent's page states no licence; that copy is in an Apache-2.0 repository; the dates are
// facts. Written by scripts/umm-al-qura-table.ts; checked month by month against an
// independent compilation in fixtures/umm-al-qura-months.json.

/** 1 Muharram of the first year. */
export const TABLE_FIRST_DAY = '${isoOf(starts[0]!)}';
export const TABLE_FIRST_YEAR = ${FIRST_YEAR};

/**
 * The days of each month, one row per Hijri year from TABLE_FIRST_YEAR. 29 or 30, except
 * Shaban 1364 AH (1945), which the tables give 28 days.
 */
export const MONTH_LENGTHS: readonly (readonly number[])[] = [
${years.join('\n')}
];
`);
