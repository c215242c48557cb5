import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkNames } from './check-names.ts';
import type { NameSource } from './content-types.ts';

const SOURCE = JSON.parse(
  readFileSync(new URL('../../static-data/source/names.json', import.meta.url), 'utf8'),
) as NameSource[];

/** A deep copy of the real source with one change applied. */
function mutated(change: (names: NameSource[]) => void): unknown {
  const names = structuredClone(SOURCE);
  change(names);
  return names;
}

function errorsOf(raw: unknown): string[] {
  const checked = checkNames(raw);
  return checked.ok ? [] : checked.errors;
}

const name = (position: number) => SOURCE[position - 1]?.name;

describe('checkNames', () => {
  it('accepts the real source: 99 complete records', () => {
    const checked = checkNames(SOURCE);
    expect(checked.ok).toBe(true);
    if (checked.ok) expect(checked.value).toHaveLength(99);
  });

  it('names record and field of an empty Bengali meaning', () => {
    expect(errorsOf(mutated((n) => { (n[16] as NameSource).bn.meaning = ' '; }))).toEqual([
      `names.json: record 17 (${name(17)}): bn.meaning is empty`,
    ]);
  });

  it('reports missing and mistyped fields', () => {
    const raw = mutated((n) => {
      delete (n[0] as Partial<NameSource>).arabic;
      (n[1] as unknown as { en: unknown }).en = 'x';
      (n[2] as unknown as { name: number }).name = 3;
    });
    expect(errorsOf(raw)).toEqual([
      `names.json: record 1 (${name(1)}): arabic is missing`,
      `names.json: record 2 (${name(2)}): en must be an object`,
      'names.json: record 3 (no name): name must be a string',
    ]);
  });

  it('requires Arabic script with diacritics', () => {
    const raw = mutated((n) => {
      (n[4] as NameSource).arabic = 'Al-Malik';
      (n[5] as NameSource).arabic = 'الرحمن';
    });
    expect(errorsOf(raw)).toEqual([
      `names.json: record 5 (${name(5)}): arabic must be in Arabic script`,
      `names.json: record 6 (${name(6)}): arabic has no diacritics (harakat)`,
    ]);
  });

  it('requires Bengali fields in Bengali script with no Latin letters', () => {
    const raw = mutated((n) => {
      (n[9] as NameSource).bn.translation = 'The Most Merciful';
      (n[10] as NameSource).bn.transliteration = 'আল-Khaliq';
    });
    expect(errorsOf(raw)).toEqual([
      `names.json: record 10 (${name(10)}): bn.translation must be in Bengali script with no Latin letters`,
      `names.json: record 11 (${name(11)}): bn.transliteration must be in Bengali script with no Latin letters`,
    ]);
  });

  it('requires numbers 1..99 in order and exactly 99 records', () => {
    expect(errorsOf(mutated((n) => { (n[20] as NameSource).number = 22; }))).toEqual([
      `names.json: record 21 (${name(21)}): number must be 21, found 22`,
    ]);
    expect(errorsOf(mutated((n) => { n.pop(); }))).toEqual(['names.json: expected 99 records, found 98']);
  });

  it('rejects duplicated names and transliterations, pointing at the first occurrence', () => {
    const raw = mutated((n) => {
      (n[40] as NameSource).name = name(1) as string;
      (n[41] as NameSource).en.transliteration = (SOURCE[1] as NameSource).en.transliteration.toUpperCase();
    });
    expect(errorsOf(raw)).toEqual([
      `names.json: record 41 (${name(1)}): name duplicates record 1`,
      `names.json: record 42 (${name(42)}): en.transliteration duplicates record 2`,
    ]);
  });

  it('rejects unknown fields (a misspelt key would silently drop data)', () => {
    expect(errorsOf(mutated((n) => { Object.assign((n[0] as NameSource).bn, { meanings: 'x' }); }))).toEqual([
      `names.json: record 1 (${name(1)}): unknown field bn.meanings`,
    ]);
  });

  it('rejects a file that is not an array', () => {
    expect(errorsOf({ names: [] })).toEqual(['names.json: must be a JSON array of name records']);
  });
});
