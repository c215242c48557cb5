import { describe, expect, it } from 'vitest';
import {
  foldAbugidaWord,
  foldArabicScriptWord,
  foldCyrillicWord,
  foldLatinWord,
  tokenizeTranslation,
  TRANSLATION_FOLDS,
  translationWords,
} from './translation-fold.ts';

const folded = (fold: Parameters<typeof tokenizeTranslation>[0], text: string) =>
  tokenizeTranslation(fold, text).map((token) => token.folded);

describe('foldLatinWord', () => {
  it.each([
    ['Allah', 'allah'],
    ['Yüce', 'yuce'],
    ['ŞÜKREDİN', 'sukredin'],
    ['ılık', 'ilik'],
    ['Məmmədəliyev', 'memmedeliyev'],
    ['ƙiyãma', 'kiyama'],
    ['ɗayansu', 'dayansu'],
    ['Straße', 'strasse'],
    ['Łaska', 'laska'],
    ['Salât', 'salat'],
  ])('%s → %s (case, diacritics and the letters keyboards lack)', (word, expected) => {
    expect(foldLatinWord(word)).toBe(expected);
  });

  it("splits words at apostrophes, so Turkish Allah'ın and French l'homme find allah and homme", () => {
    expect(folded('latin', "Allah'ın adıyla")).toEqual(['allah', 'in', 'adiyla']);
    expect(folded('latin', "l'homme")).toEqual(['l', 'homme']);
  });
});

describe('foldCyrillicWord', () => {
  it('ignores case, writes ё as е and drops stress accents, keeping й and the Tajik and Uzbek letters', () => {
    expect(foldCyrillicWord('Всё')).toBe('все');
    expect(foldCyrillicWord('заме́тил')).toBe('заметил');
    expect(foldCyrillicWord('Мой')).toBe('мой');
    expect(foldCyrillicWord('Ҳақ')).toBe('ҳақ');
  });
});

describe('foldArabicScriptWord', () => {
  it('meets Persian and Arabic keyboards: ی and ي, ک and ك', () => {
    expect(foldArabicScriptWord('کتاب')).toBe(foldArabicScriptWord('كتاب'));
    expect(foldArabicScriptWord('یکی')).toBe(foldArabicScriptWord('يكي'));
  });
  it('writes the Urdu heh forms as ه and drops harakat, tatweel and joiners', () => {
    expect(foldArabicScriptWord('اللہ')).toBe('الله');
    expect(foldArabicScriptWord('کھ')).toBe(foldArabicScriptWord('كه'));
    expect(foldArabicScriptWord('رَحْمَت')).toBe('رحمت');
    expect(foldArabicScriptWord('می\u200cشود')).toBe('ميشود');
  });
  it('reads Eastern digits as 0-9', () => {
    expect(foldArabicScriptWord('۲۵۵')).toBe('255');
    expect(foldArabicScriptWord('٢٥٥')).toBe('255');
  });
});

describe('foldAbugidaWord', () => {
  it('drops the Devanagari nukta, so ख़ुदा finds खुदा', () => {
    expect(foldAbugidaWord('ख़ुदा')).toBe(foldAbugidaWord('खुदा'));
  });
  it('writes a Malayalam atomic chillu as the letter, virama and joiner of older text', () => {
    expect(foldAbugidaWord('അവൻ')).toBe(foldAbugidaWord('അവന്\u200d'));
  });
  it('keeps Bengali folding (য় precomposed and decomposed meet)', () => {
    expect(foldAbugidaWord('\u09df')).toBe(foldAbugidaWord('\u09af\u09bc'));
  });
});

describe('tokenizeTranslation bigram', () => {
  it('makes every two neighbouring characters a token, with offsets', () => {
    expect(tokenizeTranslation('bigram', '真主至大')).toEqual([
      { folded: '真主', start: 0, end: 2 },
      { folded: '主至', start: 1, end: 3 },
      { folded: '至大', start: 2, end: 4 },
    ]);
  });
  it('keeps a Thai letter with its marks as one character', () => {
    expect(folded('bigram', 'ที่นี่')).toEqual(['ที่นี่']);
  });
  it('tokenises a lone character as itself and stops at punctuation', () => {
    expect(folded('bigram', '主，真主')).toEqual(['主', '真主']);
  });
});

describe('translationWords', () => {
  const samples = [
    "Allah'ın adıyla, Rahman ve Rahim olan",
    'И сказал: «Всё – от Аллаха»',
    'اللہ کے نام سے، ۲۵۵',
    'ख़ुदा के नाम से',
    '真主至大，主。',
    'ที่นี่ ก',
    '하나님은 (1) 주님',
  ];
  it.each(TRANSLATION_FOLDS)('gives exactly the folded tokens of tokenizeTranslation (%s)', (fold) => {
    for (const text of samples) expect(translationWords(fold, text, new Map())).toEqual(folded(fold, text));
  });
});
