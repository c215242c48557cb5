import { describe, expect, it } from 'vitest';
import { placeKey } from '@ira/calc/src/places/place-key.ts';
import type { GazetteerRow } from './read-gazetteer.ts';
import { isKept, keptAlternates, MIN_POPULATION, selectPlaces } from './select-places.ts';

function row(overrides: Partial<GazetteerRow>): GazetteerRow {
  return {
    id: 1185241,
    name: 'Dhaka',
    asciiName: 'Dhaka',
    alternateNames: [],
    latitude: 23.7104,
    longitude: 90.40744,
    featureCode: 'PPLC',
    countryCode: 'BD',
    admin1Code: '81',
    population: 10356500,
    elevation: null,
    dem: 23,
    timezone: 'Asia/Dhaka',
    ...overrides,
  };
}

describe('isKept', () => {
  it(`keeps towns of ${MIN_POPULATION} people or more, and capitals and first-order seats of any size`, () => {
    expect(isKept({ featureCode: 'PPL', population: MIN_POPULATION })).toBe(true);
    expect(isKept({ featureCode: 'PPL', population: MIN_POPULATION - 1 })).toBe(false);
    expect(isKept({ featureCode: 'PPLA2', population: 14_000 })).toBe(false);
    for (const featureCode of ['PPLC', 'PPLG', 'PPLA']) expect(isKept({ featureCode, population: 0 })).toBe(true);
  });

  it('leaves out historical, abandoned and destroyed places', () => {
    for (const featureCode of ['PPLH', 'PPLQ', 'PPLW'])
      expect(isKept({ featureCode, population: 1_000_000 })).toBe(false);
  });
});

describe('keptAlternates', () => {
  it("keeps each spelling once as folded, leaving out codes, links, mixed scripts and the place's own names", () => {
    const alternates = [
      'DAC',
      'Dacca',
      'DACCA',
      'Dacca - ঢাকা',
      'Dhaka',
      'dhakka',
      'https://en.wikipedia.org/wiki/Dhaka',
      'داكا',
      'ঢাকা',
      'Дакка',
      'ڈھاکہ',
    ];
    expect(keptAlternates({ asciiName: 'Dhaka', alternateNames: alternates }, ['Dhaka', 'ঢাকা'], placeKey)).toEqual([
      'Dacca',
      'داكا',
      'ڈھاکہ',
    ]);
  });
});

describe('selectPlaces', () => {
  it('gives each kept place its region name, elevation and names, in id order', () => {
    const rows = [
      row({ id: 2, alternateNames: ['ঢাকা', 'دكا', 'Dacca'] }),
      row({ id: 1, featureCode: 'PPL', population: 100, name: 'Tiny' }),
      row({ id: 3, admin1Code: '99', elevation: 7 }),
      row({ id: 4, dem: -9999, elevation: null }),
    ];
    const { places, withoutAdmin1 } = selectPlaces(rows, new Map([['BD.81', 'Dhaka Division']]), placeKey);
    expect(places.map((place) => place.id)).toEqual([2, 3, 4]);
    expect(places[0]).toMatchObject({
      admin1: 'Dhaka Division',
      elevation: 23,
      names: { ar: 'دكا', bn: 'ঢাকা' },
      alternates: ['Dacca'],
    });
    expect(places[1]).toMatchObject({ admin1: null, elevation: 7 });
    expect(places[2]?.elevation).toBeNull();
    expect(withoutAdmin1).toBe(1);
  });
});
