// The search calc builds from places/places.json (the build's prebuilt index) answers
// exactly as a search that folds every spelling of every place, on the real gazetteer:
// the index the build writes and the fold calc's queries go through stay one.
import { describe, expect, it } from 'vitest';
import { createPlaceIndex } from '@ira/calc/src/places/place-index.ts';
import { placeKey } from '@ira/calc/src/places/place-key.ts';
import { MATCH_TIERS } from '@ira/calc/src/places/search.ts';
import { readGazetteer } from './read-gazetteer.ts';
import { renderPlaces } from './render-places.ts';
import { selectPlaces, type SelectedPlace } from './select-places.ts';

const raw = await readGazetteer();
if (!raw.ok) throw new Error(raw.errors.join('\n'));
const { places } = selectPlaces(raw.value.rows, raw.value.admin1Names, placeKey);
// GeoNames' zones stand in for geo-tz's: the search reads no zone, and geo-tz takes a while.
const rendered = renderPlaces(
  places,
  places.map((place) => place.geonamesZone),
);
if (!rendered.ok) throw new Error(rendered.errors.join('\n'));
const index = createPlaceIndex(rendered.value);

// The other search: each place's spellings folded here, matched one by one.
const foldedSpellings = places.map((place) => {
  const names = [place.name, place.names.ar, place.names.bn].flatMap((name) => (name ? [placeKey(name)] : []));
  const alternates = place.alternates.map(placeKey);
  return { names, alternates, all: [...names, ...alternates] };
});

/** The best tier of any spelling of place `row` for the folded query, or null. */
function tierOf(row: number, folded: string): number | null {
  const { names, alternates, all } = foldedSpellings[row]!;
  for (const key of all) {
    if (key.startsWith(folded)) return names.includes(folded) ? 0 : alternates.includes(folded) ? 1 : 2;
  }
  return null;
}

function searchByFolding(query: string, country: string | null, limit: number) {
  const folded = placeKey(query);
  if (folded === '') return [];
  const matches: Array<{ row: number; tier: number }> = [];
  places.forEach((place, row) => {
    const tier = country === null || place.countryCode === country ? tierOf(row, folded) : null;
    if (tier !== null) matches.push({ row, tier });
  });
  const population = (row: number) => (places[row] as SelectedPlace).population;
  matches.sort((a, b) => a.tier - b.tier || population(b.row) - population(a.row) || a.row - b.row);
  return matches.slice(0, limit).map(({ row, tier }) => ({ id: places[row]!.id, tier: MATCH_TIERS[tier] }));
}

function searchByIndex(query: string, country: string | null, limit: number) {
  const countryIndex = country === null ? null : index.country(country);
  return index.search
    .search(query, { country: countryIndex, limit })
    .map((match) => ({ id: index.gazetteer.ids[match.index], tier: MATCH_TIERS[match.tier] }));
}

// Every 293rd place: its spellings as written, and the first letters of its name and of its
// Arabic and Bengali names (queries that match many places, so the ranking and the limit count).
const sample = places.filter((_, row) => row % 293 === 0);
const queries = [
  ...new Set(
    sample.flatMap((place) => {
      const names = [place.name, place.names.ar, place.names.bn].filter((name) => name !== null);
      return [
        ...names,
        ...place.alternates.slice(0, 2),
        ...names.flatMap((name) => [name.slice(0, 1), name.slice(0, 3)]),
      ];
    }),
  ),
];

describe('the places search index of places.json', () => {
  it('holds the real gazetteer', () => {
    expect(places.length).toBeGreaterThan(27_000);
    expect(queries.length).toBeGreaterThan(300);
  });

  it('finds, for every query, what folding every spelling finds: the same places, tiers and order', () => {
    for (const query of queries)
      expect(searchByIndex(query, null, 50), `query ${JSON.stringify(query)}`).toEqual(
        searchByFolding(query, null, 50),
      );
  });

  it('finds the same within a country', () => {
    for (const place of sample) {
      const query = place.name.slice(0, 2);
      expect(searchByIndex(query, place.countryCode, 10), `${query} in ${place.countryCode}`).toEqual(
        searchByFolding(query, place.countryCode, 10),
      );
    }
  });
});
