import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { joinQuran, type QuranJsonFiles } from './quran-join.ts';

const PACKAGE_DIST = join(dirname(createRequire(import.meta.url).resolve('quran-json/package.json')), 'dist');
const read = (file: string): unknown => JSON.parse(readFileSync(join(PACKAGE_DIST, file), 'utf8'));
const FILES: QuranJsonFiles = {
  arabic: read('quran.json'),
  english: read('quran_en.json'),
  bengali: read('quran_bn.json'),
  transliteration: read('quran_transliteration.json'),
};

const BENGALI_NAMES = (
  JSON.parse(readFileSync(new URL('../../static-data/source/surah-names-bn.json', import.meta.url), 'utf8')) as {
    bengali: string;
  }[]
).map((record) => record.bengali);

type Chapter = { verses: Record<string, unknown>[] };

/** A deep copy of the package files with one change applied. */
function mutated(change: (files: Record<keyof QuranJsonFiles, Chapter[]>) => void): QuranJsonFiles {
  const files = structuredClone(FILES) as Record<keyof QuranJsonFiles, Chapter[]>;
  change(files);
  return files;
}

function errorsOf(files: QuranJsonFiles): string[] {
  const joined = joinQuran(files, BENGALI_NAMES);
  return joined.ok ? [] : joined.errors;
}

describe('joinQuran', () => {
  it('joins the package files into 114 surahs and 6236 verses with positions', () => {
    const joined = joinQuran(FILES, BENGALI_NAMES);
    expect(joined.ok).toBe(true);
    if (!joined.ok) return;
    expect(joined.value).toHaveLength(114);
    expect(joined.value.reduce((sum, surah) => sum + surah.verses.length, 0)).toBe(6236);
    const kursi = joined.value[1]?.verses[254];
    expect(kursi?.base).toMatchObject({ id: '002255', number: 262, juz: 3, hizb: 5, page: 42, ruku: 35, manzil: 1 });
    expect(joined.value[95]?.verses[18]?.base.sajda).toEqual({ type: 'obligatory', classification: 'jafari' });
  });

  it("takes the Bengali surah name from the names given, not quran_bn.json's translation of it", () => {
    const joined = joinQuran(FILES, BENGALI_NAMES);
    if (!joined.ok) throw new Error(joined.errors.join('\n'));
    expect(joined.value[0]?.record.name).toEqual({
      arabic: 'الفاتحة',
      transliteration: 'Al-Fatihah',
      english: 'The Opener',
      bengali: 'আল-ফাতিহা',
    });
    expect(joined.value.map((surah) => surah.record.name.bengali)).toEqual(BENGALI_NAMES);
    expect((FILES.bengali as { translation: string }[])[0]?.translation).toBe('সূচনা'); // what it used to be
    expect(joined.value[113]?.record.name.bengali).toBe('আন-নাস');
  });

  it('rejects a Bengali name list that is not one name per surah', () => {
    expect(joinQuran(FILES, BENGALI_NAMES.slice(1))).toEqual({
      ok: false,
      errors: ['surah-names-bn.json: expected 114 names, found 113'],
    });
  });

  it('names surah and verse of an empty translation', () => {
    const files = mutated((f) => {
      (f.english[1]?.verses[254] as Record<string, unknown>).translation = '';
      (f.bengali[113]?.verses[5] as Record<string, unknown>).translation = '  ';
    });
    expect(errorsOf(files)).toEqual([
      'quran-json: surah 2: verse 255: english text is empty',
      'quran-json: surah 114: verse 6: bengali text is empty',
    ]);
  });

  it('rejects a surah whose verse count differs from quran-meta', () => {
    const files = mutated((f) => {
      f.arabic[0]?.verses.pop();
    });
    expect(errorsOf(files)).toEqual(['quran-json: surah 1: quran.json has 6 verses, quran-meta has 7']);
  });

  it('rejects translation files whose verses are shifted against the Arabic', () => {
    const files = mutated((f) => {
      const verses = f.english[0]?.verses as Record<string, unknown>[];
      verses.push(verses.shift() as Record<string, unknown>);
    });
    const errors = errorsOf(files);
    expect(errors).toHaveLength(7);
    expect(errors[0]).toBe(
      'quran-json: surah 1: verse 1: Arabic text differs between quran.json and a translation file',
    );
  });

  it('rejects a file without 114 surahs', () => {
    const files = mutated((f) => {
      f.bengali.pop();
    });
    expect(errorsOf(files)).toEqual(['quran-json quran_bn.json: expected 114 surahs']);
  });
});
