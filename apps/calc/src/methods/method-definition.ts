// The shape of one calculation method as data (method-registry.ts lists them,
// method-conventions.ts turns one into parameters for prayer-instants.ts).
import type { CalculationParameters } from 'adhan';

export type AdjustedTime = 'fajr' | 'sunrise' | 'dhuhr' | 'asr' | 'maghrib' | 'isha';
export type MinuteRounding = 'nearest' | 'up' | 'down';

export interface MethodDefinition {
  /** The API name (lower case). */
  name: string;
  /** Other names people send for it, lower case: adhan's preset name, Aladhan's code (`method=` accepts them). */
  aliases?: readonly string[];
  /** The same method's id in the Aladhan API (`method=<n>`), or null if it has none. */
  aladhanId: number | null;
  authority: string;
  /** adhan preset the rules start from; absent = adhan's "Other" (no angles) plus the fields below. */
  preset?: () => CalculationParameters;
  fajrAngle?: number;
  ishaAngle?: number;
  /** Isha as minutes after Maghrib instead of an angle (prayer-instants.ts). */
  ishaInterval?: number;
  /** Maghrib at this solar depression instead of at sunset. */
  maghribAngle?: number;
  /**
   * Degrees the sun's centre is below the horizon at sunrise and at Maghrib, where the
   * authority's horizon is not the standard 50′ (16′ radius and 34′ refraction).
   */
  horizon?: { sunrise: number; maghrib: number };
  /**
   * Degrees per √metre of the place's `elevation` that the authority lowers that horizon
   * by; absent = the standard dip of the horizon (horizon.ts).
   */
  elevationDip?: number;
  /** Minutes added to each time before rounding; replaces the preset's when given. */
  adjustments?: Partial<Record<AdjustedTime, number>>;
  /** How the minute is rounded: to the nearest (adhan's default) or always up. */
  rounding?: 'nearest' | 'up';
  /** A time whose minute the authority rounds otherwise than `rounding` says. */
  roundingOf?: Partial<Record<AdjustedTime, MinuteRounding>>;
  /** The sun's position once per day at 0 h UT, as the authority's algorithm takes it (daily-sun.ts). */
  dailySun?: boolean;
  /** Isha's interval after Maghrib during Ramadan (Umm al-Qura calendar month 9). */
  ramadanIshaInterval?: number;
  /** Where the numbers come from. */
  source: string;
}

// Aladhan's method list (ids and parameters) as published in its prayer-times library
// (islamic-network/prayer-times src/PrayerTimes/Method.php, LGPL-3.0, read 2026-11-23)
// and its API docs (api.aladhan.com/v1/methods).
export const ALADHAN = 'Aladhan method list (api.aladhan.com/v1/methods; islamic-network/prayer-times Method.php)';
