// The one place "a key's own limit, else the deployment default" is decided: the
// guard counts against it, the portal shows it, the CLI lists it.
import type { Config } from '../config.ts';
import type { LimitCategory } from '../../contract/envelope.ts';

type DefaultLimits = Pick<Config, 'rateLimitGeneral' | 'rateLimitCalculation'>;
type OwnLimits = Record<LimitCategory, number | null>;

/** Per-window limits in force: each category's own value, or the deployment default. */
export function effectiveLimits(own: OwnLimits, defaults: DefaultLimits): Record<LimitCategory, number> {
  return {
    general: own.general ?? defaults.rateLimitGeneral,
    calculation: own.calculation ?? defaults.rateLimitCalculation,
  };
}
