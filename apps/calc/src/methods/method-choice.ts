// The `method` query parameter: an API name or an alias people use (adhan's preset names
// such as `UmmAlQura`, Aladhan's codes such as `EGYPT`), case-insensitive; an Aladhan
// numeric id (so Aladhan users switch by changing the host); or `auto` (the authority
// where the coordinates are). Absent → the default; the answer echoes the API name.
import { methodForCountry, methodForZone, type AutoMethod } from './country-method.ts';
import { METHOD_BY_ALADHAN_ID, METHOD_BY_ALIAS, METHOD_BY_NAME, METHOD_DEFINITIONS } from './method-registry.ts';
import { DEFAULT_METHOD, METHOD_NAMES, type MethodName } from './methods.ts';

export const AUTO_METHOD = 'auto';
const ALADHAN_ID = /^\d{1,3}$/;
const ALADHAN_IDS = METHOD_DEFINITIONS.flatMap((m) => (m.aladhanId === null ? [] : [m.aladhanId])).sort(
  (a, b) => a - b,
);

/** The sentence of the 400 for a bad `method`. */
export const METHOD_ERROR =
  `method must be one of: ${[...METHOD_NAMES, AUTO_METHOD].join(', ')} ` +
  `(or an alias: ${[...METHOD_BY_ALIAS.keys()].join(', ')}), or an Aladhan method id (${ALADHAN_IDS.join(', ')})`;

export interface MethodChoice {
  method: MethodName;
  /** Present when method=auto chose it. */
  auto?: AutoMethod & { zone: string };
}

/**
 * null when `raw` names no method. `zone` is the IANA zone at the coordinates, which
 * only method=auto reads: a function is called then alone (a zone lookup per request
 * that sends `timezone` would otherwise be wasted on every other method). `country`, the
 * country of a place sent by name or id, is what method=auto goes by when given.
 */
export function parseMethod(
  raw: unknown,
  zone: string | (() => string),
  country?: { code: string; name: string },
): MethodChoice | null {
  if (raw === undefined) return { method: DEFAULT_METHOD };
  if (typeof raw !== 'string') return null;
  const lower = raw.trim().toLowerCase();
  if (METHOD_BY_NAME.has(lower)) return { method: lower };
  const aliased = METHOD_BY_ALIAS.get(lower);
  if (aliased !== undefined) return { method: aliased };
  if (ALADHAN_ID.test(lower)) {
    const definition = METHOD_BY_ALADHAN_ID.get(Number(lower));
    return definition === undefined ? null : { method: definition.name };
  }
  if (lower === AUTO_METHOD) {
    const zoneName = typeof zone === 'string' ? zone : zone();
    const auto = country === undefined ? methodForZone(zoneName) : methodForCountry(country.code, country.name);
    return { method: auto.method, auto: { ...auto, zone: zoneName } };
  }
  return null;
}

/** The `note` sentence saying what method=auto chose and why. */
export function describeAutoChoice(choice: NonNullable<MethodChoice['auto']>): string {
  const authority = METHOD_BY_NAME.get(choice.method)?.authority ?? choice.method;
  const place =
    choice.countryName === null
      ? `the zone ${choice.zone}`
      : `${choice.countryName} (${choice.country}, zone ${choice.zone})`;
  if (choice.fallback) {
    return (
      `method=auto found no national calculation authority for ${place}, ` +
      `so it used the fallback ${choice.method} (${authority}).`
    );
  }
  return `method=auto chose ${choice.method} (${authority}), the authority for ${place}.`;
}
