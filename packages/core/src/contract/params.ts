// The one parser of query parameters for every endpoint of calc and the edge
// (docs/api-decisions.md "Parameters"): a parameter that is present must be valid. Absent
// is `undefined` (the route picks its default); sent empty, sent twice, malformed or out of
// range is a problem naming the parameter. Results are values, so each route writes its
// own 400 body (prayer times `{ error }`, the others `{ success, error, message }`).

export type Query = Record<string, unknown>;
/** A parameter's value (undefined when absent), or the sentence of its 400. */
export type Param<T> = { ok: true; value: T | undefined } | { ok: false; message: string };

// Plain decimals only: Number() alone would accept hex, exponents, whitespace and ''.
const PLAIN_DECIMAL = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)$/;
// Whole numbers: an optional sign and digits; a query's at most 9 (every bound here is smaller).
const INTEGER = /^[-+]?\d{1,9}$/;
const WHOLE_NUMBER = /^[-+]?\d+$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS_PER_YEAR = 12;
const LONGEST_HIJRI_MONTH_DAYS = 30;

const valid = <T>(value: T | undefined): Param<T> => ({ ok: true, value });
const invalid = (message: string): Param<never> => ({ ok: false, message });

/** The sentence for a parameter sent more than once (`lat=1&lat=2`). */
const repeatedMessage = (name: string): string => `${name} must be sent once, not repeated`;

/** The one string sent as `name`; absent → undefined. Repeated → the problem; '' is a value (each type refuses it). */
export function singleParam(query: Query, name: string): Param<string> {
  const raw = query[name];
  if (raw === undefined) return valid(undefined);
  if (typeof raw !== 'string') return invalid(repeatedMessage(name));
  return valid(raw);
}

/** Whether `name` was sent at all, even empty or repeated. */
export const isSent = (query: Query, name: string): boolean => query[name] !== undefined;

interface Bounds {
  min: number;
  max: number;
  /** The 400's sentence, naming the parameter and what it accepts. */
  message: string;
}

/** A plain decimal in [min, max]; `-0` becomes 0. */
export function decimalParam(query: Query, name: string, { min, max, message }: Bounds): Param<number> {
  const raw = singleParam(query, name);
  if (!raw.ok || raw.value === undefined) return raw as Param<never>;
  const value = PLAIN_DECIMAL.test(raw.value) ? Number(raw.value) + 0 : Number.NaN;
  return Number.isFinite(value) && value >= min && value <= max ? valid(value) : invalid(message);
}

/** A whole number in [min, max]: digits with an optional sign and nothing else. */
export function integerParam(query: Query, name: string, { min, max, message }: Bounds): Param<number> {
  const raw = singleParam(query, name);
  if (!raw.ok || raw.value === undefined) return raw as Param<never>;
  const value = INTEGER.test(raw.value) ? Number(raw.value) + 0 : Number.NaN;
  return value >= min && value <= max ? valid(value) : invalid(message);
}

/**
 * A path segment that is a whole number (`/surah/{number}`), however many digits: the route
 * tells a malformed one (400) from a number out of range (404).
 */
export function wholeNumber(raw: string): number | null {
  return WHOLE_NUMBER.test(raw) ? Number(raw) + 0 : null;
}

/** A value of a closed list, case-insensitively, or an alias of one (`aliases` keys in lower case). */
export function enumParam<T extends string>(
  query: Query,
  name: string,
  values: readonly T[],
  options: { aliases?: ReadonlyMap<string, T>; message?: string } = {},
): Param<T> {
  const raw = singleParam(query, name);
  if (!raw.ok || raw.value === undefined) return raw as Param<never>;
  const found = enumValue(raw.value, values, options.aliases);
  return found === null ? invalid(options.message ?? `${name} must be one of: ${values.join(', ')}`) : valid(found);
}

/** `raw` as one of `values` (case-insensitive, aliases included), or null. */
export function enumValue<T extends string>(
  raw: string,
  values: readonly T[],
  aliases?: ReadonlyMap<string, T>,
): T | null {
  const lower = raw.trim().toLowerCase();
  if ((values as readonly string[]).includes(lower)) return lower as T;
  return aliases?.get(lower) ?? null;
}

/** The parts of a `YYYY-MM-DD` that is a real Gregorian day (2026-02-29 is not). */
export function gregorianDay(raw: string): [year: number, month: number, day: number] | null {
  const match = ISO_DAY.exec(raw);
  if (match === null) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > MONTHS_PER_YEAR || day < 1) return null;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate() ? [year, month, day] : null;
}

/** A real Gregorian day as `YYYY-MM-DD`, returned as its parts. */
export function dayParam(query: Query, name: string, message: string): Param<[number, number, number]> {
  const raw = singleParam(query, name);
  if (!raw.ok || raw.value === undefined) return raw as Param<never>;
  const day = gregorianDay(raw.value);
  return day === null ? invalid(message) : valid(day);
}

/**
 * A Hijri `YYYY-MM-DD` of a possible shape: month 1–12, day 1–30. Whether that month has
 * a 30th is the calendar's to say (calc's Umm al-Qura table).
 */
export function hijriDayParam(query: Query, name: string, message: string): Param<[number, number, number]> {
  const raw = singleParam(query, name);
  if (!raw.ok || raw.value === undefined) return raw as Param<never>;
  const match = ISO_DAY.exec(raw.value);
  const parts = match === null ? null : ([Number(match[1]), Number(match[2]), Number(match[3])] as const);
  if (parts === null || parts[1] < 1 || parts[1] > MONTHS_PER_YEAR || parts[2] < 1) return invalid(message);
  return parts[2] > LONGEST_HIJRI_MONTH_DAYS ? invalid(message) : valid([...parts]);
}

/** The value, or the route's 400 (`fail` writes its body) for the problem. */
export function valueOrThrow<T>(param: Param<T>, fail: (message: string) => Error): T | undefined {
  if (!param.ok) throw fail(param.message);
  return param.value;
}

/**
 * A list parameter (`lang=arabic,english`, `reciter=a&reciter=b`): every comma-separated item
 * of every value, trimmed, empty items dropped; undefined when absent.
 */
export function listParam(query: Query, name: string): string[] | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  return [raw]
    .flat()
    .flatMap((value) => String(value).split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
}
