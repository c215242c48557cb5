// One method-registry entry → adhan CalculationParameters for one day: angles, fixed
// intervals, minute adjustments, rounding and the seasonal rule (Umm al-Qura's Ramadan
// Isha), plus the rules adhan has no field for (horizon, per-time rounding, the daily
// sun), which prayer-instants.ts reads. A fresh object per call, so a request can change its copy freely.
import { CalculationMethod, Rounding } from 'adhan';
import type { CalculationParameters } from 'adhan';
import type { AdjustedTime, MethodDefinition } from './method-registry.ts';
import { ummAlQuraDate } from '../calendar/umm-al-qura.ts';

const RAMADAN_MONTH = 9;
export const NO_ADJUSTMENTS: Readonly<Record<AdjustedTime, number>> = {
  fajr: 0,
  sunrise: 0,
  dhuhr: 0,
  asr: 0,
  maghrib: 0,
  isha: 0,
};

/**
 * The Umm al-Qura month (1–12) of a civil date given as YYYY-MM-DD: the official calendar
 * Saudi Arabia fixes Ramadan by, the one this Isha rule belongs to, and the same table the
 * `hijri` dates come from. null outside it (before 1937-03-14, after 2077-11-16).
 */
export function ummAlQuraMonth(isoDate: string): number | null {
  return ummAlQuraDate(isoDate)?.month ?? null;
}

/** adhan's parameters and the method's own rules that adhan cannot express (method-definition.ts). */
export type MethodParameters = CalculationParameters &
  Pick<MethodDefinition, 'horizon' | 'elevationDip' | 'roundingOf' | 'dailySun'>;

/** adhan parameters for `definition` on the civil day `isoDate` (without it, no seasonal rule). */
export function methodParameters(definition: MethodDefinition, isoDate?: string): MethodParameters {
  const params: MethodParameters = (definition.preset ?? CalculationMethod.Other)();
  const { horizon, elevationDip, roundingOf, dailySun } = definition;
  Object.assign(params, { horizon, elevationDip, roundingOf, dailySun });
  if (definition.fajrAngle !== undefined) params.fajrAngle = definition.fajrAngle;
  if (definition.ishaAngle !== undefined) params.ishaAngle = definition.ishaAngle;
  if (definition.ishaInterval !== undefined) params.ishaInterval = definition.ishaInterval;
  if (definition.maghribAngle !== undefined) params.maghribAngle = definition.maghribAngle;
  if (definition.adjustments !== undefined) params.methodAdjustments = { ...NO_ADJUSTMENTS, ...definition.adjustments };
  if (definition.rounding !== undefined)
    params.rounding = definition.rounding === 'up' ? Rounding.Up : Rounding.Nearest;
  if (
    definition.ramadanIshaInterval !== undefined &&
    isoDate !== undefined &&
    ummAlQuraMonth(isoDate) === RAMADAN_MONTH
  ) {
    params.ishaInterval = definition.ramadanIshaInterval;
  }
  return params;
}
