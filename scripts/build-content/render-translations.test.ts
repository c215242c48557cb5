import { tokenizeTranslation, TRANSLATION_FOLD_VERSION } from '@ira/core/text/translation-fold';
import { describe, expect, it } from 'vitest';
import type { TranslationEdition } from './build-translations.ts';
import { renderTranslationIndex } from './render-translation-search.ts';
import { renderTranslationSurah, translationRecord, translationSurahPath } from './render-translations.ts';
import { TANZIL_TRANSLATION_TERMS } from './translation-lock.ts';

const EDITION = {
  entry: {
    id: 'ur.jalandhry',
    file: 'ur.jalandhry.xml.gz',
    version: 'Last Update: December 24, 2010',
    header: { name: 'جالندہری', translator: 'Fateh Muhammad Jalandhry', language: 'Urdu' },
    source: { repository: 'github.com/o/r', commit: 'a'.repeat(40), path: 'ur.jalandhry.xml' },
    sha256: 'b'.repeat(64),
    bytes: 1,
    licence: TANZIL_TRANSLATION_TERMS,
  },
  language: {
    code: 'ur',
    name: 'Urdu',
    native: 'اردو',
    direction: 'rtl',
    script: 'arabic',
    default: 'ur.jalandhry',
    why: 'w',
  },
  name: 'جالندہری',
  translator: 'Fateh Muhammad Jalandhry',
  isDefault: true,
  corrections: 0,
  surahs: [['شروع اللہ کا نام لے کر', 'سب طرح کی تعریف "خدا" ہی کو سزاوار ہے']],
} satisfies TranslationEdition;
const SURAH = EDITION.surahs[0] as string[];

describe('translationRecord', () => {
  it('writes the public record in the contract order, naming Tanzil as the source', () => {
    expect(JSON.parse(translationRecord(EDITION))).toEqual({
      id: 'ur.jalandhry',
      language: { code: 'ur', name: 'Urdu', native: 'اردو' },
      name: 'جالندہری',
      translator: 'Fateh Muhammad Jalandhry',
      direction: 'rtl',
      default: true,
      source: { name: 'Tanzil', id: 'ur.jalandhry', version: 'Last Update: December 24, 2010' },
      licence: TANZIL_TRANSLATION_TERMS,
    });
  });
});

describe('renderTranslationSurah', () => {
  it('is a JSON array with verse v alone on line v, as the edge slices it', () => {
    const file = renderTranslationSurah(SURAH);
    expect(JSON.parse(file)).toEqual(SURAH);
    const lines = file.split('\n');
    expect(lines[2]).toBe(JSON.stringify(SURAH[1]));
    expect(JSON.parse(lines[1]!.replace(/,$/, ''))).toBe(SURAH[0]);
    expect(translationSurahPath('ur.jalandhry', 2)).toBe('quran/translations/ur.jalandhry/002.json');
  });
});

describe('renderTranslationIndex', () => {
  it("holds each verse's folded tokens as uint16 ids into the sorted vocabulary, with the fold that made them", () => {
    const index = JSON.parse(renderTranslationIndex(EDITION)) as {
      fold: number;
      tokenizer: string;
      edition: string;
      vocabulary: string[];
      lengths: string;
      tokens: string;
    };
    expect([index.fold, index.tokenizer, index.edition]).toEqual([TRANSLATION_FOLD_VERSION, 'arabic', 'ur.jalandhry']);
    const uint16 = (base64: string) => {
      const b = Buffer.from(base64, 'base64');
      return Array.from({ length: b.length / 2 }, (_, i) => b.readUInt16LE(i * 2));
    };
    const expected = SURAH.map((text) => tokenizeTranslation('arabic', text).map((t) => t.folded));
    expect(uint16(index.lengths)).toEqual(expected.map((words) => words.length));
    expect(uint16(index.tokens).map((id) => index.vocabulary[id])).toEqual(expected.flat());
    expect(index.vocabulary).toEqual([...index.vocabulary].sort());
    expect(index.vocabulary).toContain('الله');
  });
});
