import { describe, expect, it } from 'vitest';
import { checkTranslationEditions, scriptAllowances } from './translation-editions.ts';
import type { TranslationLock, TranslationLockEntry } from './translation-lock.ts';

const entry = (id: string, language: string) =>
  ({ id, header: { name: id, translator: id, language } }) as TranslationLockEntry;
const LOCK: TranslationLock = {
  about: 'x',
  editions: [entry('ur.a', 'Urdu'), entry('ur.b', 'Urdu'), entry('tr.c', 'Turkish')],
};
const urdu = {
  code: 'ur',
  name: 'Urdu',
  native: 'اردو',
  direction: 'rtl',
  script: 'arabic',
  default: 'ur.a',
  why: 'widely read',
};
const turkish = {
  code: 'tr',
  name: 'Turkish',
  native: 'Türkçe',
  direction: 'ltr',
  script: 'latin',
  default: 'tr.c',
  why: 'the only one',
};
const table = (languages: unknown[], allowances = {}) => ({ about: 'x', languages, allowances });

describe('checkTranslationEditions', () => {
  it('accepts a table naming every language, its default and its script', () => {
    expect(checkTranslationEditions(table([urdu, turkish]), LOCK).ok).toBe(true);
  });

  it('refuses a default that is not an edition of the language, and an edition without a language', () => {
    const checked = checkTranslationEditions(table([{ ...urdu, default: 'tr.c' }]), LOCK);
    expect(!checked.ok && checked.errors).toEqual([
      'translations/editions.json: language ur: default "tr.c" is not a vendored ur edition',
      'translations/editions.json: no language for tr.c',
    ]);
  });

  it("refuses a table whose language name differs from the edition header's", () => {
    const checked = checkTranslationEditions(table([{ ...urdu, name: 'Hindustani' }, turkish]), LOCK);
    expect(!checked.ok && checked.errors).toEqual([
      "translations/editions.json: ur.a's header says Urdu, the table Hindustani",
      "translations/editions.json: ur.b's header says Urdu, the table Hindustani",
    ]);
  });

  it('refuses an allowance without why, or for an edition not vendored', () => {
    const checked = checkTranslationEditions(
      table([urdu, turkish], { 'ur.a': [{ characters: '=' }], 'xx.y': [{ characters: '*', why: 'w' }] }),
      LOCK,
    );
    expect(!checked.ok && checked.errors).toEqual([
      'translations/editions.json: allowances: ur.a 1: why must say why',
      'translations/editions.json: allowances: xx.y is not a vendored edition',
    ]);
  });
});

describe('scriptAllowances', () => {
  it("merges an edition's allowances", () => {
    const editions = table([urdu], {
      'ur.a': [
        { characters: '=', why: 'a' },
        { characters: '*', glued: ['x.y'], why: 'b' },
      ],
    });
    expect(scriptAllowances(editions as never, 'ur.a')).toEqual({ characters: '=*', glued: ['x.y'] });
    expect(scriptAllowances(editions as never, 'ur.b')).toEqual({ characters: '', glued: [] });
  });
});
