import { checkMeaningsDistinct } from '@ira/scripts/build-content/check-name-meanings.ts';
import { describe, expect, it } from 'vitest';
import { distBytes, distJson } from './dist-files.ts';

interface NameRecord {
  number: number;
  name: string;
  languages: {
    en: { arabic: string; transliteration: string; translation: string; meaning: string };
    bn: { transliteration: string; translation: string; meaning: string };
  };
}

const ARABIC_ONLY = /^[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\s]+$/;
const ARABIC_DIACRITIC = /[\u064b-\u065f\u0670]/;
const BENGALI_LETTER = /[\u0980-\u09ff]/;
const LATIN_LETTER = /\p{Script=Latin}/u;

const names = distJson<NameRecord[]>('names/list.json');

describe('names/list.json', () => {
  it('holds the 99 names numbered 1..99 in order', () => {
    expect(names).toHaveLength(99);
    expect(names.map((n) => n.number)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
  });

  it('has every record complete in English and Bengali, in the contract key order', () => {
    for (const record of names) {
      expect(Object.keys(record)).toEqual(['number', 'name', 'languages']);
      expect(Object.keys(record.languages.en)).toEqual(['arabic', 'transliteration', 'translation', 'meaning']);
      expect(Object.keys(record.languages.bn)).toEqual(['transliteration', 'translation', 'meaning']);
      const texts = [record.name, ...Object.values(record.languages.en), ...Object.values(record.languages.bn)];
      for (const text of texts) expect(text.trim(), `name ${record.number}`).not.toBe('');
    }
  });

  it('writes the Arabic in Arabic script with diacritics', () => {
    for (const { number, languages } of names) {
      expect(languages.en.arabic, `name ${number}`).toMatch(ARABIC_ONLY);
      expect(languages.en.arabic, `name ${number}`).toMatch(ARABIC_DIACRITIC);
    }
  });

  it('writes every Bengali field in Bengali script with no Latin letters', () => {
    for (const { number, languages } of names) {
      for (const [field, text] of Object.entries(languages.bn)) {
        expect(text, `name ${number} bn.${field}`).toMatch(BENGALI_LETTER);
        expect(text, `name ${number} bn.${field}`).not.toMatch(LATIN_LETTER);
      }
    }
  });

  it('gives every name its own meaning: no shared sentence, no near-duplicate (source/names-sources.md)', () => {
    const records = names.map(({ number, name, languages: { en, bn } }) => ({
      number,
      name,
      arabic: en.arabic,
      en: { transliteration: en.transliteration, translation: en.translation, meaning: en.meaning },
      bn,
    }));
    expect(checkMeaningsDistinct(records)).toEqual([]);
  });

  it('has unique names and transliterations', () => {
    const unique = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size;
    expect(unique(names.map((n) => n.name))).toBe(99);
    expect(unique(names.map((n) => n.languages.en.transliteration))).toBe(99);
    expect(unique(names.map((n) => n.languages.bn.transliteration))).toBe(99);
  });
});

describe('names/NN.json', () => {
  it('is byte-identical to its element of list.json', () => {
    const lines = distBytes('names/list.json').toString('utf8').split('\n');
    expect(lines[0]).toBe('[');
    expect(lines.at(-1)).toBe(']');
    names.forEach((record, i) => {
      const file = distBytes(`names/${String(record.number).padStart(2, '0')}.json`).toString('utf8');
      const element = (lines[i + 1] as string).replace(/,$/, '');
      expect(file).toBe(element);
    });
  });
});

describe('names/search-index.json', () => {
  it('holds the folded fields of every name: lower case, no harakat, tatweel or punctuation', () => {
    const index = distJson<{ number: number; fields: Record<string, string> }[]>('names/search-index.json');
    expect(index).toHaveLength(99);
    const FIELDS = [
      'arabic',
      'transliteration',
      'translation',
      'meaning',
      'bn_transliteration',
      'bn_translation',
      'bn_meaning',
    ];
    index.forEach((entry, i) => {
      expect(entry.number).toBe(i + 1);
      expect(Object.keys(entry.fields).sort()).toEqual([...FIELDS].sort());
      for (const [field, value] of Object.entries(entry.fields)) {
        expect(value, `${entry.number} ${field}`).not.toBe('');
        expect(value, `${entry.number} ${field}`).toBe(value.toLowerCase());
        expect(value, `${entry.number} ${field}`).not.toMatch(/[\u064b-\u065f\u0670\u0640.,;:!?'"()\u2019\u0964-]/u);
      }
    });
    // Hand-checked against names.json (Ar-Rahman): harakat and the article's hyphen folded away.
    expect(index[0]!.fields).toMatchObject({
      arabic: 'الرحمن',
      transliteration: 'arrahman',
      translation: 'the most gracious',
      bn_translation: 'পরম করুণাময়',
    });
  });

  it('lets "rahman" find Ar-Rahman and bare Arabic find the vocalised name', () => {
    const index = distJson<{ number: number; fields: Record<string, string> }[]>('names/search-index.json');
    const rahman = index.filter((entry) => entry.fields.transliteration?.includes('rahman')).map((e) => e.number);
    expect(rahman).toContain(names.find((n) => n.name === 'Ar-Rahman')?.number);
    expect(index.some((entry) => entry.fields.arabic === 'الرحمن')).toBe(true);
  });
});
