// The night after a day's sunset, as fasting and night-prayer timetables print it:
// imsak (a margin before Fajr), midnight and the thirds of the night. The night runs
// from sunset to the next morning's Fajr (the usual reckoning for `midnight` and the
// last third; apps/calc/README.md says so).
import { MAX_YEAR } from '../calendar/calendar-date.ts';
import { utcAndLocal } from '../calendar/local-time.ts';
import type { TimeOfDay } from './prayer-times.ts';

export const DEFAULT_IMSAK_MINUTES = 10;
export const MAX_IMSAK_MINUTES = 60;
const MS_PER_MINUTE = 60_000;

export interface NightTimes {
  imsak: TimeOfDay;
  sunset: TimeOfDay;
  midnight: TimeOfDay;
  firstThird: TimeOfDay;
  lastThird: TimeOfDay;
}

export interface NightInput {
  date: string;
  /** `utc` strings, null where the time does not exist. */
  fajr: string | null;
  sunset: string | null;
  /** undefined: the next day is past the last computable day (MAX_YEAR-12-31). */
  nextFajr: string | null | undefined;
}

const NONE: TimeOfDay = { utc: null, local: null };

function whyNoNight(input: NightInput, sunset: number | null): string {
  if (sunset === null) return 'the sun does not set here (polar day or night)';
  if (input.nextFajr === undefined) return `the next day is past ${MAX_YEAR}-12-31, the last day computed`;
  return 'there is no fajr here the next morning (polar day or night)';
}

/** The night times and, when some are null, the sentence saying why. */
export function nightTimes(
  input: NightInput,
  imsakMinutes: number,
  timeZone: string,
): { extra: NightTimes; note?: string } {
  const fajr = input.fajr === null ? null : Date.parse(input.fajr);
  const sunset = input.sunset === null ? null : Date.parse(input.sunset);
  const nextFajr = input.nextFajr == null ? null : Date.parse(input.nextFajr);
  const imsak = fajr === null ? NONE : utcAndLocal(fajr - imsakMinutes * MS_PER_MINUTE, timeZone);
  const sentences: string[] = [];
  if (fajr === null) sentences.push(`imsak is null on ${input.date} because fajr is.`);
  if (sunset === null || nextFajr === null || nextFajr <= sunset) {
    sentences.push(
      `midnight, firstThird and lastThird are null on ${input.date} because ${whyNoNight(input, sunset)}.`,
    );
    const extra = {
      imsak,
      sunset: sunset === null ? NONE : utcAndLocal(sunset, timeZone),
      midnight: NONE,
      firstThird: NONE,
      lastThird: NONE,
    };
    return { extra, note: sentences.join(' ') };
  }
  const night = nextFajr - sunset;
  const extra = {
    imsak,
    sunset: utcAndLocal(sunset, timeZone),
    midnight: utcAndLocal(sunset + night / 2, timeZone),
    firstThird: utcAndLocal(sunset + night / 3, timeZone),
    lastThird: utcAndLocal(sunset + (2 * night) / 3, timeZone),
  };
  return sentences.length > 0 ? { extra, note: sentences.join(' ') } : { extra };
}
