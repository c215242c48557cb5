import { describe, expect, it } from 'vitest';
import { foldForSearch } from './fold.ts';
import { foldArabicWord } from './words.ts';

describe('foldForSearch', () => {
  it('lower-cases and joins apostrophes and hyphens so "rahman" is a substring of Ar-Rahman', () => {
    expect(foldForSearch('Ar-Rahman')).toBe('arrahman');
    expect(foldForSearch("Al-Mu'min")).toBe('almumin');
    expect(foldForSearch('Al-Muʾmin')).toBe('almumin');
    expect(foldForSearch('Al‑Quddūs')).toBe('alquddus');
  });

  it('removes Latin diacritics', () => {
    expect(foldForSearch('Al-Ḥakīm')).toBe('alhakim');
    expect(foldForSearch('ÉCOLE')).toBe('ecole');
  });

  it('turns other punctuation into word breaks and collapses whitespace', () => {
    expect(foldForSearch('  The Giver/Bestower,  the   Merciful. ')).toBe('the giver bestower the merciful');
    expect(foldForSearch('(The) "Pure"')).toBe('the pure');
  });

  it('strips Arabic harakat, superscript alef and tatweel', () => {
    expect(foldForSearch('ٱلرَّحْمَٰنُ')).toBe('الرحمن');
    expect(foldForSearch('الرحـــمن')).toBe('الرحمن');
  });

  it('folds alef forms, alef maqsura and ta marbuta', () => {
    expect(foldForSearch('ٱ أ إ آ')).toBe('ا ا ا ا');
    expect(foldForSearch('ٱلْعَلِيُّ')).toBe(foldForSearch('العلي'));
    expect(foldForSearch('مُوسَىٰ')).toBe('موسي');
    expect(foldForSearch('رَحْمَة')).toBe('رحمه');
    expect(foldForSearch('ٱلْأَوَّلُ')).toBe('الاول');
  });

  it('strips Uthmani annotation signs so Quranic spellings match plain ones', () => {
    expect(foldForSearch('ٱلۡحَمۡدُ')).toBe('الحمد');
  });

  it('keeps Bengali vowel signs (marks that are part of the word)', () => {
    // া (U+09BE) and ি (U+09BF) are combining marks; removing them would change the word.
    const folded = foldForSearch('পরম দয়ালু');
    expect(folded).toContain('\u09be');
    expect(folded).toContain('\u09c1');
    expect(foldForSearch('আল্লাহ।')).toBe('আল্লাহ'.normalize('NFKD'));
  });

  it('is idempotent, so folding a stored field again changes nothing', () => {
    for (const text of ['Ar-Rahman', 'ٱلرَّحْمَٰنُ', 'পরম দয়ালু', "Al-Mu'izz / The Honourer"]) {
      expect(foldForSearch(foldForSearch(text))).toBe(foldForSearch(text));
    }
  });
});

describe('foldForSearch: hamza and Persian letters', () => {
  it('folds a hamza seat to its letter and drops a lone hamza', () => {
    expect(foldForSearch('ٱلرَّءُوفُ')).toBe('الروف');
    expect(foldForSearch('الرؤوف')).toBe('الرووف');
    expect(foldForSearch('البارىء')).toBe(foldForSearch('البارئ'));
  });

  it('reads Persian and Urdu yeh, keheh and heh as the Arabic letters', () => {
    expect(foldForSearch('کریم')).toBe('كريم');
    expect(foldForSearch('اللہ')).toBe('الله');
  });
});

describe('foldForSearch: Latin letters without a decomposition', () => {
  it.each([
    ['Tromsø', 'tromso'],
    ['İstanbul', 'istanbul'],
    ['São Paulo', 'sao paulo'],
    ['Łódź', 'lodz'],
    ['Straße', 'strasse'],
    ['Đà Nẵng', 'da nang'],
  ])('%s → %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded);
  });
});

describe('one fold for every search', () => {
  // The Names and places search (foldForSearch) and the Quran search (words.ts) once had
  // two Arabic folds that drifted apart (one kept the U+08D3–U+08FF marks).
  it.each(['ٱلرَّحْمَٰنُ', 'ٱلۡعَٰلَمِينَ', 'مُؤۡمِنٞ', 'ٱلصَّلَوٰةَ', 'اللہ', 'رحمة\u08f0', 'ٲ', 'کریم'])(
    'folds %s the same way in both searches',
    (word) => {
      expect(foldForSearch(word)).toBe(foldArabicWord(word));
    },
  );
});

describe('foldForSearch: zero-width joiners', () => {
  it('finds a spelling with a zero-width (non-)joiner from one typed without it', () => {
    expect(foldForSearch('র\u200d্যাব')).toBe(foldForSearch('র্যাব'));
    expect(foldForSearch('می\u200cخواهم')).toBe(foldForSearch('میخواهم'));
  });
});
