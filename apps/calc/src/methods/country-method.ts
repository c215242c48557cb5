// method=auto: the calculation method of the national authority where the coordinates
// are, found through the IANA zone (geo-tz's precise "all" data set) and the tz
// database's zone → country table (zone1970.tab/zone.tab, as shipped by the
// countries-and-timezones package). Rule and limits: apps/calc/README.md "method=auto".
import { getCountryForTimezone } from 'countries-and-timezones';
import type { MethodName } from './methods.ts';

/** Used where no national authority below is known, or at sea. */
export const AUTO_FALLBACK_METHOD: MethodName = 'mwl';

// Only countries whose own authority (or the regional body it follows) has a method here.
const METHOD_BY_COUNTRY: Readonly<Record<string, MethodName>> = {
  MY: 'jakim',
  ID: 'kemenag',
  SG: 'singapore',
  SA: 'makkah',
  AE: 'dubai',
  KW: 'kuwait',
  QA: 'qatar',
  BH: 'gulf',
  OM: 'oman',
  EG: 'cairo',
  TR: 'turkey',
  IR: 'tehran',
  // The University of Islamic Sciences, Karachi method is the one used across South Asia.
  PK: 'karachi',
  IN: 'karachi',
  BD: 'karachi',
  AF: 'karachi',
  US: 'isna',
  CA: 'isna',
  FR: 'france',
  RU: 'russia',
  MA: 'morocco',
  DZ: 'algeria',
  TN: 'tunisia',
  JO: 'jordan',
  PT: 'portugal',
};

export interface AutoMethod {
  method: MethodName;
  /** ISO 3166-1 alpha-2 code of the zone's country, or null (sea, Etc/ zones). */
  country: string | null;
  countryName: string | null;
  /** True when the country has no authority in the table and the fallback was used. */
  fallback: boolean;
}

/**
 * The method for a zone. A zone used by several countries (Europe/Zurich also covers
 * Büsingen, DE) counts as its principal country, the first one the tz database lists.
 */
export function methodForZone(zone: string): AutoMethod {
  const country = getCountryForTimezone(zone);
  const method = country === null ? undefined : METHOD_BY_COUNTRY[country.id];
  return {
    method: method ?? AUTO_FALLBACK_METHOD,
    country: country?.id ?? null,
    countryName: country?.name ?? null,
    fallback: method === undefined,
  };
}

/** The method for a country (ISO 3166-1 alpha-2), as a place sent by name or id gives it. */
export function methodForCountry(code: string, name: string): AutoMethod {
  const method = METHOD_BY_COUNTRY[code];
  return { method: method ?? AUTO_FALLBACK_METHOD, country: code, countryName: name, fallback: method === undefined };
}
