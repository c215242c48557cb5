import { describe, expect, it } from 'vitest';
import type { PlacesFile } from '@ira/core/contract/content-format';
import { FOLD_VERSION } from '@ira/core/text/fold';
import { FIXTURE_IDS, placesFixture, placesFixtureText } from '../test-support/places-fixture.ts';
import { elevationOf, indexOfId, parseGazetteer } from './gazetteer.ts';
import { placeEcho, placeJson } from './place-json.ts';

const { gazetteer, search } = parseGazetteer(placesFixtureText());
const fileWith = (change: (file: PlacesFile) => void): string => {
  const file = JSON.parse(placesFixtureText()) as PlacesFile;
  change(file);
  return JSON.stringify(file);
};

describe('parseGazetteer', () => {
  it('keeps every place, finds each by its GeoNames id, and reports an unknown id as -1', () => {
    expect(gazetteer.size).toBe(placesFixture().places.length);
    for (const id of Object.values(FIXTURE_IDS)) expect(gazetteer.ids[indexOfId(gazetteer, id)]).toBe(id);
    expect(indexOfId(gazetteer, 1)).toBe(-1);
    expect(indexOfId(gazetteer, 99_999_999)).toBe(-1);
  });

  it("hands the file's search index over, with Dhaka's other spellings as keys of its row", () => {
    const keys = search.keys.split(' ');
    const dhaka = indexOfId(gazetteer, FIXTURE_IDS.dhaka);
    const dhakaKeys = keys.filter((_, i) => search.places[i] === dhaka);
    expect(dhakaKeys.sort()).toEqual(['dacca', 'dakka', 'dhaka', 'داكا', 'دكا', 'ঢাকা']);
  });

  it('keeps a missing elevation as null', () => {
    expect(elevationOf(gazetteer, indexOfId(gazetteer, FIXTURE_IDS.tromso))).toBeNull();
    expect(elevationOf(gazetteer, indexOfId(gazetteer, FIXTURE_IDS.mecca))).toBe(333);
  });

  it('refuses a file of another schema or out of id order', () => {
    expect(() => parseGazetteer(fileWith((file) => Object.assign(file, { schema: 1 })))).toThrow(
      /not a schema 2 gazetteer/,
    );
    const file = placesFixture();
    file.places.reverse();
    expect(() => parseGazetteer(placesFixtureText(file))).toThrow(/out of id order/);
  });

  it('refuses a file folded with other rules than the queries, asking for a rebuild', () => {
    expect(() => parseGazetteer(fileWith((file) => Object.assign(file, { fold: FOLD_VERSION - 1 })))).toThrow(
      `places.json was folded with rules v${FOLD_VERSION - 1}, this calc folds queries with v${FOLD_VERSION}: ` +
        'rebuild the content tree (npm run build)',
    );
  });
});

describe('placeJson', () => {
  it('gives a place with its country, region, zone and names', () => {
    expect(placeJson(gazetteer, indexOfId(gazetteer, FIXTURE_IDS.dhaka))).toEqual({
      id: 1185241,
      name: 'Dhaka',
      country: { code: 'BD', name: 'Bangladesh' },
      admin1: 'Dhaka Division',
      latitude: 23.7104,
      longitude: 90.40744,
      timezone: 'Asia/Dhaka',
      population: 10356500,
      elevation: 23,
      names: { ar: 'دكا', bn: 'ঢাকা' },
    });
  });

  it('gives null for an unknown region and unknown names', () => {
    const tromso = placeJson(gazetteer, indexOfId(gazetteer, FIXTURE_IDS.tromso));
    expect(tromso.admin1).toBeNull();
    expect(tromso.names).toEqual({ ar: null, bn: null });
  });

  it('echoes the short form', () => {
    expect(placeEcho(gazetteer, indexOfId(gazetteer, FIXTURE_IDS.londonGb))).toEqual({
      id: 2643743,
      name: 'London',
      country: 'GB',
      latitude: 51.50853,
      longitude: -0.12574,
    });
  });
});
