// "Your own rules": twilight angles and an Isha interval that replace a method's, and
// are required with `method=other` (adhan's Other has 0° angles, which describe no
// twilight). Parsed from query strings here; applied to adhan's CalculationParameters.
import type { CalculationParameters } from 'adhan';
import { decimalParam, integerParam, type Param, type Query } from '@ira/core/contract/params';

// Degrees below the horizon. Every published method lies between 4.5° (Tehran's
// Maghrib) and 20° (Singapore's Fajr); 30° leaves room and still describes twilight.
export const MAX_ANGLE_DEG = 30;
// Minutes after Maghrib. Umm al-Qura uses 90 (120 in Ramadan); five hours is past any
// night's twilight at any latitude where an interval is used.
export const MAX_ISHA_INTERVAL_MIN = 300;

export const ANGLE_PARAMETERS = ['fajrAngle', 'ishaAngle', 'maghribAngle'] as const;
export type AngleParameter = (typeof ANGLE_PARAMETERS)[number];

export interface CustomRules {
  fajrAngle?: number;
  ishaAngle?: number;
  ishaInterval?: number;
  maghribAngle?: number;
}

/** A rules problem: which parameter, and the sentence for the 400. */
export interface RulesError {
  parameter: string;
  message: string;
}

// Angles are read as numbers in (0, 30]: the bound below is then refused as "greater than 0".
function parseAngle(query: Query, name: AngleParameter): Param<number> {
  const message = `${name} must be a number of degrees greater than 0 and at most ${MAX_ANGLE_DEG}`;
  const angle = decimalParam(query, name, { min: 0, max: MAX_ANGLE_DEG, message });
  return angle.ok && angle.value === 0 ? { ok: false, message } : angle;
}

function parseInterval(query: Query): Param<number> {
  const message = `ishaInterval must be a whole number of minutes from 1 to ${MAX_ISHA_INTERVAL_MIN}`;
  return integerParam(query, 'ishaInterval', { min: 1, max: MAX_ISHA_INTERVAL_MIN, message });
}

/**
 * The rules given in `query` (a parameter sent empty is invalid). `required`:
 * the method has no rules of its own (`other`), so Fajr and Isha must be given.
 */
export function parseCustomRules(query: Query, required: boolean): CustomRules | RulesError {
  const rules: CustomRules = {};
  for (const name of ANGLE_PARAMETERS) {
    const angle = parseAngle(query, name);
    if (!angle.ok) return { parameter: name, message: angle.message };
    if (angle.value !== undefined) rules[name] = angle.value;
  }
  const interval = parseInterval(query);
  if (!interval.ok) return { parameter: 'ishaInterval', message: interval.message };
  if (interval.value !== undefined) rules.ishaInterval = interval.value;
  if (rules.ishaAngle !== undefined && rules.ishaInterval !== undefined) {
    return { parameter: 'ishaAngle', message: 'give either ishaAngle or ishaInterval, not both' };
  }
  if (required) {
    const missing = [
      rules.fajrAngle === undefined ? 'fajrAngle' : null,
      rules.ishaAngle === undefined && rules.ishaInterval === undefined ? 'ishaAngle or ishaInterval' : null,
    ].filter((name) => name !== null);
    if (missing.length > 0) {
      return {
        parameter: missing[0]!,
        message:
          `method other needs your own rules: fajrAngle and either ` +
          `ishaAngle or ishaInterval (missing: ${missing.join('; ')})`,
      };
    }
  }
  return rules;
}

/** `params` with the given rules in place of the method's. */
export function applyCustomRules<T extends CalculationParameters>(params: T, rules: CustomRules): T {
  if (rules.fajrAngle !== undefined) params.fajrAngle = rules.fajrAngle;
  if (rules.ishaAngle !== undefined) {
    params.ishaAngle = rules.ishaAngle;
    params.ishaInterval = 0; // an angle replaces a method's interval (makkah, qatar)
  }
  if (rules.ishaInterval !== undefined) params.ishaInterval = rules.ishaInterval;
  if (rules.maghribAngle !== undefined) params.maghribAngle = rules.maghribAngle;
  return params;
}
