import { describe, expect, it } from 'vitest';
import { applyVerseCorrections, checkVerseCorrections, correctionsFile } from './translation-corrections.ts';

const FILE = 'translations/corrections/xx.test.json';
const surahs = [['হে ঈমানদারগণ!তোমরা', 'a b a'], ['c']];
const record = (verse: string, before: string, after: string) => ({ verse, before, after, why: 'because' });

describe('checkVerseCorrections', () => {
  it('takes an absent file as no corrections', () => {
    expect(checkVerseCorrections(undefined, FILE)).toEqual({ ok: true, value: [] });
  });
  it('names the record and the field that is wrong', () => {
    const checked = checkVerseCorrections(
      { about: 'x', corrections: [record('1', 'a', 'b'), { verse: '1:1', before: 'a', after: 'a' }] },
      FILE,
    );
    expect(checked).toEqual({
      ok: false,
      errors: [
        `${FILE}: correction 1: verse must be "S:V"`,
        `${FILE}: correction 2: after must be a string other than before`,
        `${FILE}: correction 2: why must say why`,
      ],
    });
  });
  it('reads before and after in NFC, the form verses are compared in', () => {
    const checked = checkVerseCorrections({ about: 'x', corrections: [record('1:1', 'e\u0301', 'x')] }, FILE);
    expect(checked.ok && checked.value[0]?.before).toBe('\u00e9');
  });
});

describe('applyVerseCorrections', () => {
  it('replaces before with after in its verse and leaves every other verse as it was', () => {
    const applied = applyVerseCorrections(surahs, [record('1:1', 'ঈমানদারগণ!তোমরা', 'ঈমানদারগণ! তোমরা')], FILE);
    expect(applied).toEqual({ ok: true, value: [['হে ঈমানদারগণ! তোমরা', 'a b a'], ['c']] });
    expect(surahs[0]?.[0]).toBe('হে ঈমানদারগণ!তোমরা');
  });
  it('fails when before does not occur exactly once, or the verse does not exist', () => {
    const applied = applyVerseCorrections(
      surahs,
      [record('1:2', 'a', 'x'), record('1:1', 'zzz', 'x'), record('3:1', 'c', 'd')],
      FILE,
    );
    expect(applied.ok).toBe(false);
    if (!applied.ok) {
      expect(applied.errors).toEqual([
        `${FILE} 1:2: before "a" does not occur exactly once`,
        `${FILE} 1:1: before "zzz" does not occur exactly once`,
        `${FILE}: verse 3:1 does not exist`,
      ]);
    }
  });
});

describe('correctionsFile', () => {
  it('keeps English and Bengali with the corrections of text.english and text.bengali', () => {
    expect(correctionsFile('en.sahih')).toBe('corrections/english.json');
    expect(correctionsFile('bn.bengali')).toBe('corrections/bengali.json');
    expect(correctionsFile('ur.jalandhry')).toBe('translations/corrections/ur.jalandhry.json');
  });
});
