import { describe, expect, it } from 'vitest';
import { exactForms, latinWords, looseNameKeys, looseQueryKeys, spellingForm } from './latin-keys.ts';

describe('latinWords', () => {
  it('writes long vowels twice and drops dots, ʿayn and hamza marks', () => {
    expect(latinWords('Ar-Raḥmān')).toEqual(['ar', 'rahmaan']);
    expect(latinWords('Al-ʿAfūw')).toEqual(['al', 'afuuw']);
    expect(latinWords('Dhū al-Jalāli wa’l-Ikrām')).toEqual(['dhuu', 'al', 'jalaali', 'wal', 'ikraam']);
  });

  it('spells out the one-letter digraphs of scholarly schemes', () => {
    expect(latinWords('Al-Wāriṯ')).toEqual(['al', 'waarith']);
    expect(latinWords('Al-Muẕill')).toEqual(['al', 'mudhill']);
  });
});

describe('exactForms', () => {
  it('keeps long vowels, with and without the article', () => {
    expect(exactForms(latinWords('Al-Mājid'))).toEqual(['almaajid', 'maajid']);
    expect(exactForms(latinWords('Ya Latif'))).toEqual(['yalatif', 'latif']);
  });
});

describe('looseQueryKeys', () => {
  const keys = (q: string) => looseQueryKeys(latinWords(q));

  it('folds vowel length, ee/oo and doubled letters', () => {
    expect(keys('Ar Raheem')).toContain('rahim');
    expect(keys('ghafoor')).toContain('gafur');
    expect(keys('Al Jabbaar')).toContain('jabar');
  });

  it('drops the article however it is written: spaced, hyphenated, joined, assimilated', () => {
    for (const q of ['Ar Rahman', 'ar-rahman', 'Al-Rahman', 'Arrahman', 'Alrahman', 'Ya Rahman'])
      expect(keys(q), q).toContain('rahman');
    expect(keys('Asy-Syakur')).toContain('shakur');
  });

  it('folds y/i endings, q/k and gh/g', () => {
    expect(keys('Al-Ghaniyy')).toContain('gani');
    expect(keys('Al Muhiy')).toContain('muhi');
    expect(keys('Al-Kadir')).toEqual(keys('Al-Qadir'));
  });

  it('reads zul, dhul, dzul and dhu alike, and ul joined to the word before', () => {
    for (const q of ['Zul-Jalal', 'Dhul Jalal', 'Dzul-Jalal', 'Dhu al-Jalal']) expect(keys(q), q).toContain('dhujalal');
    expect(keys('Malikul Mulk')).toContain('malikmulk');
    expect(keys('Mālik al-Mulk')).toContain('malikmulk');
  });
});

describe('looseNameKeys', () => {
  it("adds the other spellings of the name's ambiguous Arabic letters", () => {
    const keys = looseNameKeys(latinWords('Al-Qabid'), [['d', ['dh', 'z']]]);
    expect(keys).toEqual(expect.arrayContaining(['kabid', 'kabidh', 'kabiz']));
    expect(looseNameKeys(latinWords('Al-Qabid'), [])).not.toContain('kabiz');
  });
});

describe('spellingForm', () => {
  it('reads ee and oo as long i and u, so closeness can be measured', () => {
    expect(spellingForm(latinWords('Al-Majeed'))).toBe('majiid');
    expect(spellingForm(latinWords('Ghafoor'))).toBe('ghafuur');
  });
});
