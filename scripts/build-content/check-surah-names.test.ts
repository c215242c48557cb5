import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkSurahNamesBn } from './check-surah-names.ts';

type SurahName = { number: number; bengali: string };

const SOURCE_TEXT = readFileSync(new URL('../../static-data/source/surah-names-bn.json', import.meta.url), 'utf8');
const SOURCE = JSON.parse(SOURCE_TEXT) as SurahName[];

/** A deep copy of the real source with one change applied. */
function mutated(change: (names: SurahName[]) => void): unknown {
  const names = structuredClone(SOURCE);
  change(names);
  return names;
}

function errorsOf(raw: unknown): string[] {
  const checked = checkSurahNamesBn(raw);
  return checked.ok ? [] : checked.errors;
}

describe('checkSurahNamesBn', () => {
  it('accepts the real source: 114 names in Bengali script, the names and not their translations', () => {
    const checked = checkSurahNamesBn(SOURCE);
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value).toHaveLength(114);
    expect(checked.value[0]).toBe('আল-ফাতিহা');
    expect(checked.value[1]).toBe('আল-বাকারা');
    expect(checked.value[2]).toBe('আলে ইমরান');
    expect(checked.value[3]).toBe('আন-নিসা');
    expect(checked.value[35]).toBe('ইয়াসীন');
    expect(checked.value[111]).toBe('আল-ইখলাস');
    expect(checked.value[113]).toBe('আন-নাস');
  });

  it('keeps the source file in its canonical form: 2-space JSON, trailing newline, NFC', () => {
    expect(SOURCE_TEXT).toBe(`${JSON.stringify(SOURCE, null, 2)}\n`);
    expect(SOURCE_TEXT).toBe(SOURCE_TEXT.normalize('NFC'));
  });

  it('requires Bengali script with a letter: no Latin letters, no punctuation but single spaces and hyphens', () => {
    const raw = mutated((n) => {
      (n[35] as SurahName).bengali = 'Ya-Sin';
      (n[36] as SurahName).bengali = 'আস-Saffat';
      (n[37] as SurahName).bengali = "সোয়াদ'";
      (n[38] as SurahName).bengali = 'আয--যুমার';
      (n[39] as SurahName).bengali = 'ঃ';
    });
    expect(errorsOf(raw)).toEqual([
      'surah-names-bn.json: record 36: bengali must be in Bengali script',
      'surah-names-bn.json: record 37: bengali must be in Bengali script',
      'surah-names-bn.json: record 38: bengali must be in Bengali script',
      'surah-names-bn.json: record 39: bengali must be in Bengali script',
      'surah-names-bn.json: record 40: bengali must be in Bengali script',
    ]);
  });

  it('reports missing, mistyped and empty names, and non-NFC spellings', () => {
    const raw = mutated((n) => {
      delete (n[0] as Partial<SurahName>).bengali;
      (n[1] as unknown as { bengali: number }).bengali = 2;
      (n[2] as SurahName).bengali = '  ';
      (n[35] as SurahName).bengali = 'ই\u09dfাসীন'; // precomposed য়, which NFC decomposes
    });
    expect(errorsOf(raw)).toEqual([
      'surah-names-bn.json: record 1: bengali is missing',
      'surah-names-bn.json: record 2: bengali must be a string',
      'surah-names-bn.json: record 3: bengali is empty',
      'surah-names-bn.json: record 36: bengali must be NFC-normalized',
    ]);
  });

  it('requires numbers 1..114 in order and exactly 114 records', () => {
    expect(
      errorsOf(
        mutated((n) => {
          (n[20] as SurahName).number = 22;
        }),
      ),
    ).toEqual(['surah-names-bn.json: record 21: number must be 21, found 22']);
    expect(
      errorsOf(
        mutated((n) => {
          n.pop();
        }),
      ),
    ).toEqual(['surah-names-bn.json: expected 114 records, found 113']);
  });

  it('rejects duplicated names, unknown fields, non-objects and a non-array file', () => {
    expect(
      errorsOf(
        mutated((n) => {
          (n[113] as SurahName).bengali = 'আল-ফাতিহা';
        }),
      ),
    ).toEqual(['surah-names-bn.json: record 114: bengali duplicates record 1']);
    expect(
      errorsOf(
        mutated((n) => {
          Object.assign(n[0] as SurahName, { bangla: 'x' });
        }),
      ),
    ).toEqual(['surah-names-bn.json: record 1: unknown field bangla']);
    expect(
      errorsOf(
        mutated((n) => {
          (n as unknown[])[4] = 'আল-মায়িদা';
        }),
      ),
    ).toEqual(['surah-names-bn.json: record 5: must be an object']);
    expect(errorsOf({ names: [] })).toEqual(['surah-names-bn.json: must be a JSON array of surah name records']);
  });
});
