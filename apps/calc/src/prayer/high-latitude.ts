// Rules for places where twilight or the sun itself misbehaves (docs/api-decisions.md "Prayer
// time"): the high-latitude rule bounds fajr/isha by a portion of the night, and the
// polar resolution supplies sunrise/sunset where the sun does not rise or set.
import { HighLatitudeRule, PolarCircleResolution } from 'adhan';
import type { Coordinates } from 'adhan';

export const HIGH_LATITUDE_RULE_NAMES = [
  'middleofthenight',
  'seventhofthenight',
  'twilightangle',
  'recommended',
] as const;
export type HighLatitudeRuleName = (typeof HIGH_LATITUDE_RULE_NAMES)[number];
// adhan's own default, which the official timetables in reference/ were checked with.
export const DEFAULT_HIGH_LATITUDE_RULE: HighLatitudeRuleName = 'middleofthenight';

export const POLAR_RESOLUTION_NAMES = ['aqrabbalad', 'aqrabyaum', 'unresolved'] as const;
export type PolarResolutionName = (typeof POLAR_RESOLUTION_NAMES)[number];
export const DEFAULT_POLAR_RESOLUTION: PolarResolutionName = 'aqrabbalad';

type AdhanHighLatitudeRule = 'middleofthenight' | 'seventhofthenight' | 'twilightangle';
type AdhanPolarResolution = (typeof PolarCircleResolution)[keyof typeof PolarCircleResolution];

/** `recommended` is adhan's choice for the place (seventh of the night above 48°). */
export function adhanHighLatitudeRule(rule: HighLatitudeRuleName, coordinates: Coordinates): AdhanHighLatitudeRule {
  if (rule === 'recommended') return HighLatitudeRule.recommended(coordinates);
  return rule;
}

const POLAR_RESOLUTIONS: Record<PolarResolutionName, AdhanPolarResolution> = {
  aqrabbalad: PolarCircleResolution.AqrabBalad,
  aqrabyaum: PolarCircleResolution.AqrabYaum,
  unresolved: PolarCircleResolution.Unresolved,
};

export function adhanPolarResolution(name: PolarResolutionName): AdhanPolarResolution {
  return POLAR_RESOLUTIONS[name];
}

const POLAR_DESCRIPTIONS: Record<PolarResolutionName, string> = {
  aqrabbalad: 'the nearest latitude where the sun rises and sets (aqrabbalad)',
  aqrabyaum: 'the nearest day on which the sun rises and sets (aqrabyaum)',
  unresolved: 'no resolution (unresolved)',
};

export function describePolarResolution(name: PolarResolutionName): string {
  return POLAR_DESCRIPTIONS[name];
}
