// Renders places/places.json (packages/core/src/contract/content-format.ts): country names in
// English, Arabic and Bengali from CLDR (Intl.DisplayNames), the zone and region name
// tables, and one place per line.
import { PLACES_SCHEMA, type CountryNames, type PlaceRow } from '@ira/core/contract/content-format';
import type { Checked } from '../content-types.ts';
import { compareCodeUnits } from './script-names.ts';
import type { SelectedPlace } from './select-places.ts';

const COUNTRY_LANGUAGES = ['en', 'ar', 'bn'] as const;

/** Every code's names, or an error naming a code CLDR does not know. */
export function countryNames(codes: Iterable<string>): Checked<Record<string, CountryNames>> {
  const displays = COUNTRY_LANGUAGES.map(
    (language) => new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }),
  );
  const countries: Record<string, CountryNames> = {};
  const errors: string[] = [];
  for (const code of [...new Set(codes)].sort(compareCodeUnits)) {
    const [en, ar, bn] = displays.map((display) => display.of(code));
    if (en === undefined || ar === undefined || bn === undefined)
      errors.push(`places: country code ${code} has no name in CLDR (en, ar, bn)`);
    else countries[code] = { en, ar, bn };
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: countries };
}

/** Each distinct value once, in code-unit order, and each value's index. */
function table(values: Iterable<string>): { list: string[]; index: Map<string, number> } {
  const list = [...new Set(values)].sort(compareCodeUnits);
  return { list, index: new Map(list.map((value, i) => [value, i])) };
}

/** `zones[i]` is the served zone of `places[i]` (zone-check.ts). */
export function renderPlaces(places: readonly SelectedPlace[], zones: readonly string[]): Checked<string> {
  const countries = countryNames(places.map((place) => place.countryCode));
  if (!countries.ok) return countries;
  const zoneTable = table(zones);
  const regionTable = table(places.flatMap((place) => (place.admin1 === null ? [] : [place.admin1])));
  const rows = places.map((place, i): PlaceRow => [
    place.id,
    place.name,
    place.countryCode,
    place.admin1 === null ? -1 : (regionTable.index.get(place.admin1) as number),
    place.latitude,
    place.longitude,
    zoneTable.index.get(zones[i] as string) as number,
    place.population,
    place.elevation,
    place.names.ar,
    place.names.bn,
    place.alternates,
  ]);
  const head = `{"schema":${PLACES_SCHEMA},"countries":${JSON.stringify(countries.value)},\n"zones":${JSON.stringify(zoneTable.list)},\n"regions":${JSON.stringify(regionTable.list)},\n"places":[\n`;
  return { ok: true, value: `${head}${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]}\n` };
}
