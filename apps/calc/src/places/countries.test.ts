import { describe, expect, it } from 'vitest';
import { placesFixture } from '../test-support/places-fixture.ts';
import { createCountryLookup } from './countries.ts';

const file = placesFixture();
const countryCodes = Object.keys(file.countries);
const lookup = createCountryLookup({ countryCodes, countries: file.countries });
const codeOf = (raw: string) => {
  const index = lookup(raw);
  return index === null ? null : countryCodes[index];
};

describe('createCountryLookup', () => {
  it.each(['BD', 'bd', 'Bd', ' BD '])('takes the ISO 3166-1 alpha-2 code in any case: %j', (raw) => {
    expect(codeOf(raw)).toBe('BD');
  });

  it.each(['Bangladesh', 'bangladesh', 'بنغلاديش', 'বাংলাদেশ'])(
    'takes the name in English, Arabic or Bengali: %j',
    (raw) => {
      expect(codeOf(raw)).toBe('BD');
    },
  );

  it('folds names like place names', () => {
    expect(codeOf('united kingdom')).toBe('GB');
    expect(codeOf('UNITED-STATES')).toBe('US');
  });

  it.each(['ZZ', 'UK', 'Bangla', '', '—', 'Narnia'])('knows no country called %j', (raw) => {
    expect(codeOf(raw)).toBeNull();
  });
});
