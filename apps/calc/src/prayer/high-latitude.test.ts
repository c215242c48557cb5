import { Coordinates, HighLatitudeRule, PolarCircleResolution } from 'adhan';
import { describe, expect, it } from 'vitest';
import {
  adhanHighLatitudeRule,
  adhanPolarResolution,
  HIGH_LATITUDE_RULE_NAMES,
  POLAR_RESOLUTION_NAMES,
} from './high-latitude.ts';

describe('adhanHighLatitudeRule', () => {
  it('passes the explicit rules through under adhan’s own names', () => {
    const anywhere = new Coordinates(0, 0);
    expect(adhanHighLatitudeRule('middleofthenight', anywhere)).toBe('middleofthenight');
    expect(adhanHighLatitudeRule('seventhofthenight', anywhere)).toBe('seventhofthenight');
    expect(adhanHighLatitudeRule('twilightangle', anywhere)).toBe('twilightangle');
  });

  it('resolves recommended by latitude: seventh of the night above 48°, middle of the night below', () => {
    expect(adhanHighLatitudeRule('recommended', new Coordinates(59.9, 10.7))).toBe('seventhofthenight');
    expect(adhanHighLatitudeRule('recommended', new Coordinates(21.4, 39.8))).toBe('middleofthenight');
  });

  it('turns every accepted name into one of adhan’s rules', () => {
    const adhanRules: unknown[] = Object.values(HighLatitudeRule);
    for (const name of HIGH_LATITUDE_RULE_NAMES)
      expect(adhanRules, name).toContain(adhanHighLatitudeRule(name, new Coordinates(59.9, 10.7)));
    expect(HIGH_LATITUDE_RULE_NAMES).toHaveLength(4);
  });
});

describe('adhanPolarResolution', () => {
  it('maps each name to adhan’s PolarCircleResolution', () => {
    expect(POLAR_RESOLUTION_NAMES.map(adhanPolarResolution)).toEqual([
      PolarCircleResolution.AqrabBalad,
      PolarCircleResolution.AqrabYaum,
      PolarCircleResolution.Unresolved,
    ]);
  });
});
