// The Moonsighting Committee's seasonal Fajr/Isha bounds: minutes before sunrise and
// after sunset that vary with latitude and the days since the winter solstice, from
// Khalid Shaukat's "Fajr and Isha" method (moonsighting.com), with the coefficients and
// piecewise-linear year that adhan 4.4.6 uses (so the method's results stay adhan's).
import { Shafaq } from 'adhan';

const MS_PER_SECOND = 1_000;
// Minutes at latitude 0 and their growth per 55° of latitude, at the four corners of
// the year: the winter solstice (a), the equinox (b), and 46 and 92 days later (c, d).
const FAJR = { base: [75, 75, 75, 75], perLatitude: [28.65, 19.44, 32.74, 48.1] };
const ISHA: Record<string, { base: number[]; perLatitude: number[] }> = {
  [Shafaq.General]: { base: [75, 75, 75, 75], perLatitude: [25.6, 2.05, -9.21, 6.14] },
  [Shafaq.Ahmer]: { base: [62, 62, 62, 62], perLatitude: [17.4, -7.16, 5.12, 19.44] },
  [Shafaq.Abyad]: { base: [75, 75, 75, 75], perLatitude: [25.6, 7.16, 36.84, 81.84] },
};
const REFERENCE_LATITUDE = 55;
// Day-of-year offsets of the winter solstice: 10 days before 1 January in the north,
// day 172 (173 in leap years) in the south.
const NORTH_SOLSTICE_OFFSET = 10;
const SOUTH_SOLSTICE_DAY = 172;

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function dayOfYear(year: number, month: number, day: number): number {
  return Math.round((Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 0)) / 86_400_000);
}

function daysSinceSolstice(year: number, month: number, day: number, latitude: number): number {
  const days = dayOfYear(year, month, day);
  const length = isLeapYear(year) ? 366 : 365;
  if (latitude >= 0) return (days + NORTH_SOLSTICE_OFFSET) % length;
  const since = days - SOUTH_SOLSTICE_DAY - (isLeapYear(year) ? 1 : 0);
  return since < 0 ? since + length : since;
}

/** Piecewise-linear minutes over the year: a → b (91 d) → c (46 d) → d (46 d) and back. */
function seasonalMinutes(table: { base: number[]; perLatitude: number[] }, latitude: number, since: number): number {
  const [a, b, c, d] = table.base.map(
    (base, i) => base + (table.perLatitude[i]! / REFERENCE_LATITUDE) * Math.abs(latitude),
  ) as [number, number, number, number];
  if (since < 91) return a + ((b - a) / 91) * since;
  if (since < 137) return b + ((c - b) / 46) * (since - 91);
  if (since < 183) return c + ((d - c) / 46) * (since - 137);
  if (since < 229) return d + ((c - d) / 46) * (since - 183);
  if (since < 275) return c + ((b - c) / 46) * (since - 229);
  return b + ((a - b) / 91) * (since - 275);
}

export interface DayOfYear {
  year: number;
  month: number;
  day: number;
}

/** The earliest Fajr the method allows: sunrise minus the seasonal minutes (whole seconds). */
export function seasonalFajr(latitude: number, date: DayOfYear, sunriseMs: number): number {
  const minutes = seasonalMinutes(FAJR, latitude, daysSinceSolstice(date.year, date.month, date.day, latitude));
  return sunriseMs - Math.round(minutes * 60) * MS_PER_SECOND;
}

/** The latest Isha the method allows: sunset plus the seasonal minutes for the shafaq. */
export function seasonalIsha(latitude: number, date: DayOfYear, sunsetMs: number, shafaq: string): number {
  const table = ISHA[shafaq] ?? ISHA[Shafaq.General]!;
  const minutes = seasonalMinutes(table, latitude, daysSinceSolstice(date.year, date.month, date.day, latitude));
  return sunsetMs + Math.round(minutes * 60) * MS_PER_SECOND;
}
