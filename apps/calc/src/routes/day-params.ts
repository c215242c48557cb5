// The parameters every day-shaped answer shares beyond /prayer-time's own:
// `hijriAdjustment` and `imsakMinutes`. 400s in the prayer-time form `{ error }`.
import { prayerTimeError } from '@ira/core/contract/errors';
import { MAX_HIJRI_ADJUSTMENT_DAYS } from '../calendar/hijri.ts';
import { integerParam, valueOrThrow, type Param } from '@ira/core/contract/params';
import { DEFAULT_IMSAK_MINUTES, MAX_IMSAK_MINUTES } from '../prayer/night-times.ts';
import type { DayOptions } from '../prayer/prayer-day.ts';
import type { PrayerTimeRequest } from './prayer-time-params.ts';

export const HIJRI_ADJUSTMENT_ERROR =
  `hijriAdjustment must be a whole number of days from ` +
  `-${MAX_HIJRI_ADJUSTMENT_DAYS} to ${MAX_HIJRI_ADJUSTMENT_DAYS}`;
export const IMSAK_MINUTES_ERROR = `imsakMinutes must be a whole number of minutes from 0 to ${MAX_IMSAK_MINUTES}`;

export interface DayExtras {
  hijriAdjustment: number;
  imsakMinutes: number;
}

/** `hijriAdjustment`, whole days within the bound, with the route's sentence. */
export function hijriAdjustmentParam(query: Record<string, unknown>, message: string): Param<number> {
  const bound = MAX_HIJRI_ADJUSTMENT_DAYS;
  return integerParam(query, 'hijriAdjustment', { min: -bound, max: bound, message });
}

export function parseDayExtras(query: Record<string, unknown>): DayExtras {
  const hijriAdjustment = valueOrThrow(hijriAdjustmentParam(query, HIJRI_ADJUSTMENT_ERROR), prayerTimeError);
  const imsakBounds = { min: 0, max: MAX_IMSAK_MINUTES, message: IMSAK_MINUTES_ERROR };
  const imsakMinutes = valueOrThrow(integerParam(query, 'imsakMinutes', imsakBounds), prayerTimeError);
  return { hijriAdjustment: hijriAdjustment ?? 0, imsakMinutes: imsakMinutes ?? DEFAULT_IMSAK_MINUTES };
}

/** The options computeDays takes, from a parsed prayer-time request and the extras. */
export function dayOptions(request: PrayerTimeRequest, extras: DayExtras): DayOptions {
  const { date: _date, lat: _lat, lon: _lon, timeZone: _zone, place: _place, ...rules } = request;
  return { ...rules, ...extras };
}
