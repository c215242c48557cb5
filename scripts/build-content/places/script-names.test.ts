import { describe, expect, it } from 'vitest';
import { placeKey } from '@ira/calc/src/places/place-key.ts';
import { displayName, scriptOf } from './script-names.ts';

describe('scriptOf', () => {
  it.each([
    ['Dhaka', 'latin'],
    ["Ra's al Khaymah", 'latin'],
    ['al-Quds', 'latin'],
    ['مكة المكرمة', 'arabic'],
    ['مکه', 'arabic'],
    ['ঢাকা', 'bengali'],
  ])('%j is %s', (name, script) => {
    expect(scriptOf(name)).toBe(script);
  });

  it.each([
    ['Dacca - ঢাকা', 'mixed scripts'],
    ['Cairo - alqahrt', 'a name and its transliteration'],
    ['https://en.wikipedia.org/wiki/Rakops', 'a link'],
    ['DAC', 'an airport code'],
    ['la ma di', 'a transliteration in lower case alone'],
    ['Москва', 'another script'],
    ['東京', 'another script'],
  ])('%j is none of the three (%s)', (name) => {
    expect(scriptOf(name)).toBeNull();
  });
});

describe('displayName', () => {
  // Arabic-script alternates of GeoNames records (cities500.txt, 2023-03-05).
  it.each([
    ['Cairo', ['القاهرة', 'قاهره', 'قاھىرە', 'قاہرہ'], 'القاهرة'],
    ['Riyadh', ['الرياض', 'رىياد', 'رياض', 'ریاض', 'ڕیاز'], 'الرياض'],
    ['Dubai', ['دبئی', 'دبى', 'دبي', 'دبی', 'دوبەی'], 'دبي'],
    ['Doha', ['الدوحة', 'الدوحه', 'اَلدَّوْحَة', 'دوحه', 'دوحہ'], 'الدوحة'],
    ['Oslo', ['أوسلو', 'ئوسلو', 'اسلو', 'اوسلو'], 'أوسلو'],
  ])('chooses the Arabic name of %s', (_, alternates, expected) => {
    expect(displayName(alternates, 'ar', placeKey)).toBe(expected);
  });

  it('never chooses a spelling with letters Arabic does not use', () => {
    expect(displayName(['مکه', 'ڈھاکہ'], 'ar', placeKey)).toBeNull();
  });

  it('chooses the Bengali name, leaving out Assamese spellings', () => {
    expect(displayName(['দোহা', 'দোহার', 'দোহা'], 'bn', placeKey)).toBe('দোহা');
    expect(displayName(['ৰিয়াধ'], 'bn', placeKey)).toBeNull();
  });
});
