import { CalculationMethod, Madhab } from 'adhan';
import { describe, expect, it } from 'vitest';
import { calculationParameters, METHOD_NAMES } from './methods.ts';

describe('calculationParameters', () => {
  it('gives each of the 26 methods (13 adhan presets, 13 authorities) its own Fajr and Isha rules', () => {
    expect(METHOD_NAMES).toHaveLength(26);
    for (const name of METHOD_NAMES.filter((method) => method !== 'other')) {
      const params = calculationParameters(name, 'shafi');
      expect(params.fajrAngle, name).toBeGreaterThan(0);
      expect(params.ishaAngle > 0 || params.ishaInterval > 0, name).toBe(true);
    }
  });

  it.each([
    ['mwl', 'MuslimWorldLeague'],
    ['makkah', 'UmmAlQura'],
    ['cairo', 'Egyptian'],
    ['karachi', 'Karachi'],
    ['tehran', 'Tehran'],
    ['isna', 'NorthAmerica'],
    ['singapore', 'Singapore'],
    ['turkey', 'Turkey'],
    ['qatar', 'Qatar'],
    ['kuwait', 'Kuwait'],
    ['dubai', 'Dubai'],
    ['moonsightingcommittee', 'MoonsightingCommittee'],
    ['other', 'Other'],
  ] as const)('maps %s to adhan CalculationMethod.%s', (name, preset) => {
    const params = calculationParameters(name, 'shafi');
    const expected = CalculationMethod[preset]();
    expect(params.method).toBe(expected.method);
    expect(params.fajrAngle).toBe(expected.fajrAngle);
    expect(params.ishaAngle).toBe(expected.ishaAngle);
    expect(params.ishaInterval).toBe(expected.ishaInterval);
  });

  it('applies the school to Asr', () => {
    expect(calculationParameters('mwl', 'hanafi').madhab).toBe(Madhab.Hanafi);
    expect(calculationParameters('mwl', 'shafi').madhab).toBe(Madhab.Shafi);
  });

  it('returns a fresh object on every call', () => {
    const first = calculationParameters('mwl', 'shafi');
    first.fajrAngle = 1;
    expect(calculationParameters('mwl', 'shafi').fajrAngle).toBe(18);
  });
});
