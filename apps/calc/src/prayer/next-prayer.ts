// Which time of the day has most recently begun and which comes next, over a run of
// consecutive days (yesterday, today, tomorrow at the location), so before Fajr the
// current time is yesterday's Isha and after Isha the next is tomorrow's Fajr.
// Sunrise counts as a time (it ends Fajr), as in adhan's currentPrayer/nextPrayer.
import { PRAYER_NAMES, type PrayerName, type TimeOfDay } from './prayer-times.ts';

export interface PrayerMoment {
  name: PrayerName;
  utc: string;
  local: string;
}

export interface CurrentAndNext {
  current: PrayerMoment;
  next: PrayerMoment & { secondsUntil: number };
}

const MS_PER_SECOND = 1000;

/**
 * `days` in order; null times are skipped. Dhuhr exists every day, so yesterday's is
 * always before `at` and tomorrow's always after: both answers always exist.
 */
export function currentAndNext(at: Date, days: readonly Record<PrayerName, TimeOfDay>[]): CurrentAndNext | null {
  const moments: PrayerMoment[] = [];
  for (const times of days) {
    for (const name of PRAYER_NAMES) {
      const { utc, local } = times[name];
      if (utc !== null && local !== null) moments.push({ name, utc, local });
    }
  }
  moments.sort((a, b) => Date.parse(a.utc) - Date.parse(b.utc));
  const nextIndex = moments.findIndex((moment) => Date.parse(moment.utc) > at.getTime());
  if (nextIndex < 1) return null;
  const next = moments[nextIndex]!;
  const secondsUntil = Math.ceil((Date.parse(next.utc) - at.getTime()) / MS_PER_SECOND);
  return { current: moments[nextIndex - 1]!, next: { ...next, secondsUntil } };
}
