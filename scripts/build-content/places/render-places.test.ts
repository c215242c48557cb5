import { describe, expect, it } from 'vitest';
import type { PlacesFile } from '@ira/core/contract/content-format';
import { FOLD_VERSION } from '@ira/core/text/fold';
import { createPlaceIndex } from '@ira/calc/src/places/place-index.ts';
import { placeJson } from '@ira/calc/src/places/place-json.ts';
import { countryNames, renderPlaces } from './render-places.ts';
import type { SelectedPlace } from './select-places.ts';

describe('countryNames', () => {
  it('names each country in English, Arabic and Bengali (CLDR)', () => {
    const names = countryNames(['BD', 'SA', 'BD']);
    expect(names).toEqual({
      ok: true,
      value: {
        BD: { en: 'Bangladesh', ar: 'بنغلاديش', bn: 'বাংলাদেশ' },
        SA: { en: 'Saudi Arabia', ar: 'المملكة العربية السعودية', bn: 'সৌদি আরব' },
      },
    });
  });

  it('names a code CLDR does not know', () => {
    expect(countryNames(['QQ'])).toEqual({
      ok: false,
      errors: ['places: country code QQ has no name in CLDR (en, ar, bn)'],
    });
  });
});

const DHAKA: SelectedPlace = {
  id: 1185241,
  name: 'Dhaka',
  countryCode: 'BD',
  admin1: 'Dhaka Division',
  latitude: 23.7104,
  longitude: 90.40744,
  geonamesZone: 'Asia/Dhaka',
  population: 10356500,
  elevation: 23,
  names: { ar: 'دكا', bn: 'ঢাকা' },
  alternates: ['Dacca'],
};
const TROMSO: SelectedPlace = {
  id: 3133895,
  name: 'Tromsø',
  countryCode: 'NO',
  admin1: null,
  latitude: 69.6489,
  longitude: 18.95508,
  geonamesZone: 'Europe/Oslo',
  population: 64448,
  elevation: null,
  names: { ar: null, bn: null },
  alternates: ['Tromso'],
};

describe('renderPlaces', () => {
  it('writes what calc reads back as the same places', () => {
    const rendered = renderPlaces([DHAKA, TROMSO], ['Asia/Dhaka', 'Europe/Oslo']);
    if (!rendered.ok) throw new Error(rendered.errors.join('\n'));
    const { gazetteer, search } = createPlaceIndex(rendered.value);
    expect(placeJson(gazetteer, 0)).toEqual({
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
    expect(placeJson(gazetteer, 1)).toMatchObject({
      name: 'Tromsø',
      admin1: null,
      timezone: 'Europe/Oslo',
      elevation: null,
    });
    expect(search.search('Dacca', { country: null, limit: 1 }).map((match) => match.index)).toEqual([0]);
  });

  it('ships the other spellings only as search keys, folded with the current rules', () => {
    const rendered = renderPlaces([DHAKA, TROMSO], ['Asia/Dhaka', 'Europe/Oslo']);
    if (!rendered.ok) throw new Error(rendered.errors.join('\n'));
    const file = JSON.parse(rendered.value) as PlacesFile;
    expect(file.fold).toBe(FOLD_VERSION);
    expect(file.places.every((row) => row.length === 11)).toBe(true);
    expect(rendered.value).not.toContain('Dacca');
    expect(file.search.keys.split(' ')).toContain('dacca');
  });

  it('writes one place per line', () => {
    const rendered = renderPlaces([DHAKA, TROMSO], ['Asia/Dhaka', 'Europe/Oslo']);
    expect(rendered.ok && rendered.value.split('\n').filter((line) => line.startsWith('[')).length).toBe(2);
  });
});
