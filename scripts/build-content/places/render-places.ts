// Renders places/places.json (packages/core/src/contract/content-format.ts): country names in
// English, Arabic and Bengali from CLDR (Intl.DisplayNames), the zone and region name
// tables, one place per line, and the search index folded from every place's spellings
// (so calc folds none at start).
import { PLACES_SCHEMA, type CountryNames, type PlaceRow } from '@ira/core/contract/content-format';
import { FOLD_VERSION } from '@ira/core/text/fold';
import { buildPlaceSearchIndex } from '@ira/calc/src/places/search-index.ts';
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
  ]);
  const search = buildPlaceSearchIndex(
    places.map((place) => ({ names: [place.name, place.names.ar, place.names.bn], alternates: place.alternates })),
  );
  const lines = [
    `{"schema":${PLACES_SCHEMA},"fold":${FOLD_VERSION},"countries":${JSON.stringify(countries.value)},`,
    `"zones":${JSON.stringify(zoneTable.list)},`,
    `"regions":${JSON.stringify(regionTable.list)},`,
    '"places":[',
    rows.map((row) => JSON.stringify(row)).join(',\n'),
    '],',
    `"search":{"keys":${JSON.stringify(search.keys)},`,
    `"places":${JSON.stringify(search.places)},`,
    `"names":${JSON.stringify(search.names)}}}`,
  ];
  return { ok: true, value: `${lines.join('\n')}\n` };
}
