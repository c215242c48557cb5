// A country as callers name it: its ISO 3166-1 alpha-2 code in any case ("bd", "BD"),
// or its name as CLDR spells it in English, Arabic or Bengali ("Bangladesh",
// "بنغلاديش", "বাংলাদেশ"), folded like place names. Only countries with a place in the
// gazetteer are known.
import type { Gazetteer } from './gazetteer.ts';
import { placeKey } from './place-key.ts';

const ALPHA_2 = /^[A-Za-z]{2}$/;

/** The country's index in gazetteer.countryCodes, or null when none is called that. */
export type CountryLookup = (raw: string) => number | null;

export function createCountryLookup(gazetteer: Pick<Gazetteer, 'countryCodes' | 'countries'>): CountryLookup {
  const byCode = new Map(gazetteer.countryCodes.map((code, index) => [code, index]));
  const byName = new Map<string, number>();
  gazetteer.countryCodes.forEach((code, index) => {
    const names = gazetteer.countries[code];
    if (names !== undefined) for (const name of [names.en, names.ar, names.bn]) byName.set(placeKey(name), index);
  });
  return function countryIndex(raw) {
    const text = raw.trim();
    if (ALPHA_2.test(text)) return byCode.get(text.toUpperCase()) ?? null;
    const key = placeKey(text);
    return key === '' ? null : (byName.get(key) ?? null);
  };
}
