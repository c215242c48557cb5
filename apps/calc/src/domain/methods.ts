// Calculation methods and madhab (DESIGN §3 "Prayer time"). adhan's presets are
// functions returning fresh CalculationParameters, so a request can change rules on
// its copy without touching anyone else's.
import { CalculationMethod, Madhab } from 'adhan';
import type { CalculationParameters } from 'adhan';

const METHOD_PRESETS = {
  mwl: CalculationMethod.MuslimWorldLeague,
  makkah: CalculationMethod.UmmAlQura,
  cairo: CalculationMethod.Egyptian,
  karachi: CalculationMethod.Karachi,
  tehran: CalculationMethod.Tehran,
  isna: CalculationMethod.NorthAmerica,
  singapore: CalculationMethod.Singapore,
  turkey: CalculationMethod.Turkey,
  qatar: CalculationMethod.Qatar,
  kuwait: CalculationMethod.Kuwait,
  dubai: CalculationMethod.Dubai,
  moonsightingcommittee: CalculationMethod.MoonsightingCommittee,
  other: CalculationMethod.Other,
} as const satisfies Record<string, () => CalculationParameters>;

export type MethodName = keyof typeof METHOD_PRESETS;
export const METHOD_NAMES = Object.keys(METHOD_PRESETS) as MethodName[];
export const DEFAULT_METHOD: MethodName = 'karachi';

const SCHOOLS = { shafi: Madhab.Shafi, hanafi: Madhab.Hanafi } as const;
export type SchoolName = keyof typeof SCHOOLS;
export const SCHOOL_NAMES = Object.keys(SCHOOLS) as SchoolName[];
export const DEFAULT_SCHOOL: SchoolName = 'shafi';

/**
 * Case-insensitive lookup of a name among `names`; absent or empty → the default,
 * unknown → null. Shared by every enumerated query parameter.
 */
export function parseChoice<T extends string>(raw: unknown, names: readonly T[], fallback: T): T | null {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string') return null;
  const lower = raw.toLowerCase();
  return (names as readonly string[]).includes(lower) ? (lower as T) : null;
}

/** A fresh parameter set for the method with the school's Asr shadow length. */
export function calculationParameters(method: MethodName, school: SchoolName): CalculationParameters {
  const params = METHOD_PRESETS[method]();
  params.madhab = SCHOOLS[school];
  return params;
}
