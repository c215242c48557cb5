// `tune=fajr:2,dhuhr:1,isha:-3`: the user's own minute offsets per time, added before
// the method's rounding (as adhan's `adjustments`), on top of the method's own.
import type { CalculationParameters } from 'adhan';

export const TUNE_NAMES = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type TuneName = (typeof TUNE_NAMES)[number];
export type Tune = Partial<Record<TuneName, number>>;
// An hour either way: more than any published precaution (a few minutes), less than
// would move a time into its neighbour's place on an ordinary day.
export const MAX_TUNE_MIN = 60;
const ENTRY = /^([a-z]+):([-+]?\d{1,2})$/;

export const TUNE_ERROR =
  `tune must be a comma-separated list of name:minutes, each name at most once (names: ${TUNE_NAMES.join(', ')}; ` +
  `minutes: whole numbers from -${MAX_TUNE_MIN} to ${MAX_TUNE_MIN}), e.g. tune=fajr:2,dhuhr:1,isha:-3`;

/** The offsets, in the day's order; `{}` when absent; null when malformed or empty. */
export function parseTune(raw: unknown): Tune | null {
  if (raw === undefined) return {};
  if (typeof raw !== 'string') return null;
  const found: Tune = {};
  for (const entry of raw.toLowerCase().split(',')) {
    const match = ENTRY.exec(entry);
    if (match === null) return null;
    const name = match[1] as TuneName;
    const minutes = Number(match[2]) + 0;
    if (!TUNE_NAMES.includes(name) || name in found || Math.abs(minutes) > MAX_TUNE_MIN) return null;
    found[name] = minutes;
  }
  return Object.fromEntries(TUNE_NAMES.filter((name) => name in found).map((name) => [name, found[name]])) as Tune;
}

export function applyTune<T extends CalculationParameters>(params: T, tune: Tune): T {
  for (const name of TUNE_NAMES) params.adjustments[name] = (params.adjustments[name] ?? 0) + (tune[name] ?? 0);
  return params;
}

export const isEmptyTune = (tune: Tune): boolean => Object.keys(tune).length === 0;
