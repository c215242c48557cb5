// "Your own rules": twilight angles and an Isha interval that replace a method's, and
// are required with `method=other` (adhan's Other has 0° angles, which describe no
// twilight). Parsed from query strings here; applied to adhan's CalculationParameters.
import type { CalculationParameters } from 'adhan';
import { parseDecimal } from '../places/coordinates.ts';

// Degrees below the horizon. Every published method lies between 4.5° (Tehran's
// Maghrib) and 20° (Singapore's Fajr); 30° leaves room and still describes twilight.
export const MAX_ANGLE_DEG = 30;
// Minutes after Maghrib. Umm al-Qura uses 90 (120 in Ramadan); five hours is past any
// night's twilight at any latitude where an interval is used.
export const MAX_ISHA_INTERVAL_MIN = 300;
const INTEGER = /^[-+]?\d+$/;

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

const given = (raw: unknown): boolean => raw !== undefined && raw !== '';

function parseAngle(raw: unknown, name: AngleParameter): number | RulesError {
  const value = parseDecimal(raw);
  if (value === null || value <= 0 || value > MAX_ANGLE_DEG) {
    return {
      parameter: name,
      message: `${name} must be a number of degrees greater than 0 and at most ${MAX_ANGLE_DEG}`,
    };
  }
  return value;
}

function parseInterval(raw: unknown): number | RulesError {
  const value = typeof raw === 'string' && INTEGER.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(value) || value < 1 || value > MAX_ISHA_INTERVAL_MIN) {
    return {
      parameter: 'ishaInterval',
      message: `ishaInterval must be a whole number of minutes from 1 to ${MAX_ISHA_INTERVAL_MIN}`,
    };
  }
  return value;
}

const isError = (value: number | RulesError): value is RulesError => typeof value !== 'number';

/**
 * The rules given in `query` (absent or empty parameters are not given). `required`:
 * the method has no rules of its own (`other`), so Fajr and Isha must be given.
 */
export function parseCustomRules(query: Record<string, unknown>, required: boolean): CustomRules | RulesError {
  const rules: CustomRules = {};
  for (const name of ANGLE_PARAMETERS) {
    if (!given(query[name])) continue;
    const value = parseAngle(query[name], name);
    if (isError(value)) return value;
    rules[name] = value;
  }
  if (given(query.ishaInterval)) {
    const value = parseInterval(query.ishaInterval);
    if (isError(value)) return value;
    rules.ishaInterval = value;
  }
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
        message: `method other needs your own rules: fajrAngle and either ishaAngle or ishaInterval (missing: ${missing.join('; ')})`,
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
