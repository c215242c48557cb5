// Calculation methods and madhab. Each method's rules are data in method-registry.ts;
// method-conventions.ts builds adhan's CalculationParameters from them, fresh per call,
// so a request can change rules on its copy without touching anyone else's.
import { Madhab } from 'adhan';
import { methodParameters, type MethodParameters } from './method-conventions.ts';
import { METHOD_BY_NAME, METHOD_DEFINITIONS } from './method-registry.ts';

export type MethodName = string;
export const METHOD_NAMES: readonly MethodName[] = METHOD_DEFINITIONS.map((m) => m.name);
export const DEFAULT_METHOD: MethodName = 'karachi';

const SCHOOLS = { shafi: Madhab.Shafi, hanafi: Madhab.Hanafi } as const;
export type SchoolName = keyof typeof SCHOOLS;
export const SCHOOL_NAMES = Object.keys(SCHOOLS) as SchoolName[];
export const DEFAULT_SCHOOL: SchoolName = 'shafi';

/**
 * A fresh parameter set for the method with the school's Asr shadow length. `isoDate`
 * (YYYY-MM-DD, the local day) turns on seasonal rules such as Umm al-Qura's Ramadan Isha.
 */
export function calculationParameters(method: MethodName, school: SchoolName, isoDate?: string): MethodParameters {
  const definition = METHOD_BY_NAME.get(method);
  if (definition === undefined) throw new Error(`unknown method ${method}`);
  const params = methodParameters(definition, isoDate);
  params.madhab = SCHOOLS[school];
  return params;
}
