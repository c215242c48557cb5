import { describe, expect, it } from 'vitest';
import type { PlacesFile } from '@ira/core/contract/content-format';
import { FIXTURE_IDS, placesFixtureText } from '../test-support/places-fixture.ts';
import { parseGazetteer } from './gazetteer.ts';
import { createPlaceIndex } from './place-index.ts';
import { createPlaceSearch, MATCH_TIERS } from './search.ts';

const places = createPlaceIndex(placesFixtureText());
const { gazetteer } = places;

function search(query: string, options: { country?: string; limit?: number } = {}) {
  const country = options.country === undefined ? null : places.country(options.country);
  return places.search
    .search(query, { country, limit: options.limit ?? 10 })
    .map((match) => ({ id: gazetteer.ids[match.index], tier: MATCH_TIERS[match.tier] }));
}
const ids = (query: string, options?: { country?: string; limit?: number }) =>
  search(query, options).map((match) => match.id);

describe('search', () => {
  it('puts places named exactly the query before those whose name starts with it, then the more populous first', () => {
    expect(search('London')).toEqual([
      { id: FIXTURE_IDS.londonGb, tier: 'name' },
      { id: FIXTURE_IDS.londonCa, tier: 'name' },
    ]);
    expect(ids('Lond')).toEqual([FIXTURE_IDS.londonGb, FIXTURE_IDS.londrina, FIXTURE_IDS.londonCa]);
  });

  it('puts a name equal to the query before another spelling equal to it, whatever the populations', () => {
    // Medina, Ohio (26 339 people) is named Medina; Fès al Bali (156 000) only has "Medina" among its spellings.
    expect(search('Medina')).toEqual([
      { id: FIXTURE_IDS.medina, tier: 'name' },
      { id: FIXTURE_IDS.medinaOhio, tier: 'name' },
      { id: FIXTURE_IDS.fesAlBali, tier: 'spelling' },
    ]);
  });

  it.each(['Mecca', 'Makkah', 'makkah', 'مكة', 'مكه', 'مَكَّة', 'মক্কা', 'مکه'])(
    'finds Mecca first by %j (name, spellings, Arabic and Bengali script)',
    (query) => {
      expect(ids(query)[0]).toBe(FIXTURE_IDS.mecca);
    },
  );

  it.each(['Dhaka', 'ঢাকা', 'Dacca', 'DHAKA', 'داكا'])('finds Dhaka by %j', (query) => {
    expect(ids(query)).toEqual([FIXTURE_IDS.dhaka]);
  });

  it.each([
    ['Sao Paulo', FIXTURE_IDS.saoPaulo],
    ['SÃO PAULO', FIXTURE_IDS.saoPaulo],
    ['são-paulo', FIXTURE_IDS.saoPaulo],
    ['Port au Prince', FIXTURE_IDS.portAuPrince],
    ['portauprince', FIXTURE_IDS.portAuPrince],
    ['Tromso', FIXTURE_IDS.tromso],
    ['الدوحه', FIXTURE_IDS.doha],
  ])('folds case, diacritics, punctuation and spaces: %j', (query, id) => {
    expect(ids(query)[0]).toBe(id);
  });

  it('lists a place once even when several of its spellings start with the query', () => {
    // "Dhaka", "Dacca" and "Dakka" all start with "D"; Dhaka comes once, then Doha.
    expect(ids('D')).toEqual([FIXTURE_IDS.dhaka, FIXTURE_IDS.doha]);
  });

  it('narrows to a country given by code or by name', () => {
    expect(ids('Springfield', { country: 'us' })).toEqual([
      FIXTURE_IDS.springfieldMo,
      FIXTURE_IDS.springfieldMa,
      FIXTURE_IDS.springfieldIl,
    ]);
    expect(ids('London', { country: 'Canada' })).toEqual([FIXTURE_IDS.londonCa]);
    expect(ids('London', { country: 'QA' })).toEqual([]);
  });

  it('returns at most `limit` places, the best ones', () => {
    expect(ids('Springfield', { limit: 2 })).toEqual([FIXTURE_IDS.springfieldMo, FIXTURE_IDS.springfieldMa]);
    expect(ids('Medina', { limit: 1 })).toEqual([FIXTURE_IDS.medina]);
  });

  it('finds nothing for a query that folds to nothing or matches no spelling', () => {
    expect(ids('—')).toEqual([]);
    expect(ids('Douha')).toEqual([]);
  });
});

describe('createPlaceSearch', () => {
  const { gazetteer: fixture, search: index } = parseGazetteer(placesFixtureText());

  it('refuses an index whose columns disagree in length', () => {
    const shorter: PlacesFile['search'] = { ...index, names: index.names.slice(1) };
    expect(() => createPlaceSearch(fixture, shorter)).toThrow(/search index has \d+ places and \d+ name flags/);
    const fewerKeys = { ...index, keys: index.keys.slice(0, index.keys.lastIndexOf(' ')) };
    expect(() => createPlaceSearch(fixture, fewerKeys)).toThrow(/has \d+ places but not as many keys/);
    const moreKeys = { ...index, keys: `${index.keys} zzz` };
    expect(() => createPlaceSearch(fixture, moreKeys)).toThrow(/has \d+ places but not as many keys/);
  });

  it('refuses an index naming a place the gazetteer lacks', () => {
    const places = [...index.places.slice(0, -1), fixture.size];
    expect(() => createPlaceSearch(fixture, { ...index, places })).toThrow(`search index names row ${fixture.size}`);
  });
});
