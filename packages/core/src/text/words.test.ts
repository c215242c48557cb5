import { describe, expect, it } from 'vitest';
import {
  arabicLooseKeys,
  foldArabicWord,
  foldBengaliWord,
  foldEnglishWord,
  foldTranslitWord,
  tokenize,
} from './words.ts';

describe('foldArabicWord', () => {
  it('drops harakat, the dagger alef and tatweel: Uthmani ar-Rahman and typed الرحمن meet', () => {
    expect(foldArabicWord('ٱلرَّحۡمَٰنِ')).toBe('الرحمن');
    expect(foldArabicWord('الرحـــمن')).toBe('الرحمن');
  });
  it('folds alef and hamza forms, alef maqsura and ta marbuta', () => {
    expect(foldArabicWord('أَإِآٱ')).toBe('اااا');
    expect(foldArabicWord('مُؤۡمِنٞ')).toBe('مومن');
    expect(foldArabicWord('هُدٗى')).toBe('هدي');
    expect(foldArabicWord('رَحۡمَةٞ')).toBe('رحمه');
  });
  it('drops Quranic annotation signs (small high letters, ۞, ۩)', () => {
    expect(foldArabicWord('ٱلصَّلَوٰةَۖ')).toBe('الصلوه');
    expect(foldArabicWord('۞')).toBe('');
    expect(foldArabicWord('۩')).toBe('');
  });
  it('loose keys: without the article and without inner alefs', () => {
    expect(arabicLooseKeys('العالمين')).toEqual(arabicLooseKeys(foldArabicWord('ٱلۡعَٰلَمِينَ')));
    expect(arabicLooseKeys('والرحمن')).toContain('رحمن');
  });
});

describe('foldEnglishWord', () => {
  it.each([
    ['Worlds', 'world'],
    ["Lord's", 'lord'],
    ['LORD\u2019S', 'lord'],
    ['mercies', 'mercy'],
    ['boxes', 'box'],
    ['us', 'us'],
    ['grass', 'grass'],
  ])('%s → %s', (word, folded) => {
    expect(foldEnglishWord(word)).toBe(folded);
  });
});

describe('other languages', () => {
  it('Bengali: য় precomposed (U+09DF) and য + nukta fold alike', () => {
    expect(foldBengaliWord('\u09df')).toBe(foldBengaliWord('\u09af\u09bc'));
    expect(foldBengaliWord('করুণাময়')).toBe(foldBengaliWord('করুণাময\u09bc'));
  });
  it('Bengali: the doubled ya-phala spelling (ধৈর্য্য) folds to the single one (ধৈর্য)', () => {
    expect(foldBengaliWord('ধৈর্য্যের')).toBe('ধৈর্যের');
  });
  it('transliteration ignores case, Latin diacritics and apostrophes', () => {
    expect(foldTranslitWord('Raḥmān')).toBe('rahman');
    expect(foldTranslitWord("Qur'an")).toBe('quran');
  });
});

describe('tokenize', () => {
  it('gives each word its offsets in the original text and drops sign-only words', () => {
    const text = 'ذَٰلِكَ ٱلۡكِتَٰبُ لَا رَيۡبَۛ فِيهِۛ';
    const tokens = tokenize('ar', text);
    expect(tokens.map((t) => t.folded)).toEqual(['ذلك', 'الكتب', 'لا', 'ريب', 'فيه']);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(text.split(' '));
    expect(tokenize('en', '[All] praise is [due] to Allah, Lord of the worlds -').map((t) => t.folded)).toEqual([
      'all',
      'praise',
      'is',
      'due',
      'to',
      'allah',
      'lord',
      'of',
      'the',
      'world',
    ]);
  });
});
