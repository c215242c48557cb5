import { describe, expect, it } from 'vitest';
import { foldForSearch } from '@ira/core/text/fold';
import { createSearchEntry, searchNames, type IndexedFields } from './search.ts';

function entry(number: number, name: string, arabic: string, translation: string, meaning = '') {
  const fields: IndexedFields = {
    arabic: foldForSearch(arabic),
    transliteration: foldForSearch(name),
    translation: foldForSearch(translation),
    meaning: foldForSearch(meaning),
    bn_transliteration: '',
    bn_translation: '',
    bn_meaning: '',
  };
  return createSearchEntry(number, fields, [name]);
}

const ENTRIES = [
  entry(1, 'Ar-Rahman', 'ٱلرَّحْمَٰنُ', 'The Most Gracious', 'whose mercy is vast'),
  entry(2, 'Ar-Rahim', 'ٱلرَّحِيمُ', 'The Most Merciful', 'constantly merciful, unlike ar-rahman alone'),
  entry(3, 'Al-Malik', 'ٱلْمَلِكُ', 'The King'),
  entry(84, 'Malik-ul-Mulk', 'مَالِكُ ٱلْمُلْكِ', 'Owner of All Sovereignty', 'the king of kings'),
  entry(85, 'Dhul-Jalali-wal-Ikram', 'ذُو ٱلْجَلَالِ وَٱلْإِكْرَامِ', 'Lord of Majesty and Generosity'),
  entry(48, 'Al-Majid', 'ٱلْمَجِيدُ', 'The Most Glorious'),
  entry(65, 'Al-Maajid', 'ٱلْمَاجِدُ', 'The Illustrious'),
  entry(83, "Ar-Ra'uf", 'ٱلرَّءُوفُ', 'The Most Kind'),
  entry(89, 'Al-Mughni', 'ٱلْمُغْنِي', 'The Enricher'),
];

describe('searchNames and control characters', () => {
  it('never matches the separator between fields: a NUL or other control character matches nothing', () => {
    for (const query of ['\u0000', '\u0000\u0000', '\u0007', '\u001f'])
      expect(searchNames(ENTRIES, query), JSON.stringify(query)).toEqual([]);
    expect(searchNames(ENTRIES, 'rahman\u0000')).toEqual(searchNames(ENTRIES, 'rahman'));
  });
});

describe('searchNames ranking', () => {
  it('puts the exact name (article ignored) before a name that is only mentioned', () => {
    expect(searchNames(ENTRIES, 'rahman')).toEqual([1, 2]);
    expect(searchNames(ENTRIES, 'Ar Rahman')[0]).toBe(1);
    expect(searchNames(ENTRIES, 'al-rahman')[0]).toBe(1);
  });

  it('ranks exact > prefix > translation > meaning', () => {
    expect(searchNames(ENTRIES, 'malik')).toEqual([3, 84]);
    expect(searchNames(ENTRIES, 'king')).toEqual([3, 84]);
    expect(searchNames(ENTRIES, 'jalal')).toEqual([85]);
  });

  it('finds Arabic without harakat, with or without the article', () => {
    expect(searchNames(ENTRIES, 'الرحمن')).toEqual([1]);
    expect(searchNames(ENTRIES, 'رحمن')[0]).toBe(1);
    expect(searchNames(ENTRIES, 'ٱلرَّحْمَٰنُ')).toEqual([1]);
  });

  it('ignores case, diacritics and punctuation', () => {
    expect(searchNames(ENTRIES, 'RAHMĀN!')[0]).toBe(1);
  });

  it('matches nothing for nonsense or punctuation only', () => {
    expect(searchNames(ENTRIES, 'qwzx')).toEqual([]);
    expect(searchNames(ENTRIES, '--')).toEqual([]);
  });
});

describe('searchNames spellings', () => {
  it('finds a name by a loose spelling after exact matches, closest spelling first on a tie', () => {
    expect(searchNames(ENTRIES, 'Ar Raheem')[0]).toBe(2);
    expect(searchNames(ENTRIES, 'Al-Majeed').slice(0, 2)).toEqual([48, 65]);
    expect(searchNames(ENTRIES, 'Al-Mājid').slice(0, 2)).toEqual([65, 48]);
    expect(searchNames(ENTRIES, 'Al-Majid').slice(0, 2)).toEqual([48, 65]);
  });

  it('finds Arabic whatever the hamza seat', () => {
    expect(searchNames(ENTRIES, 'الرؤوف')).toEqual([83]);
    expect(searchNames(ENTRIES, 'الرءوف')).toEqual([83]);
  });

  it('matches several words when every one of them matches', () => {
    expect(searchNames(ENTRIES, 'The Merciful')).toEqual([2]);
    expect(searchNames(ENTRIES, 'merciful king')).toEqual([]);
  });

  it('forgives one typo only when no name matches otherwise', () => {
    expect(searchNames(ENTRIES, 'Al Mughi')).toEqual([89]);
    expect(searchNames(ENTRIES, 'malk')).toEqual([3]);
    expect(searchNames(ENTRIES, 'malik')).toEqual([3, 84]);
  });
});
