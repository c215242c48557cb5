// Every published spelling of every name finds that name first (fixture and its
// sources: name-spellings.json), against the real built tree.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNames } from './names-content.ts';
import { openContentSource } from '@ira/core/runtime/content-source';
import { allSpellings, readNameSpellings, type NameSpellings } from './name-spellings.ts';
import { searchNames, type SearchEntry } from './search.ts';

const FIXTURE = readNameSpellings();
const CONTENT_DIR = fileURLToPath(new URL('../../../../static-data/dist', import.meta.url));
const AMBIGUOUS = new Set(FIXTURE.ambiguous.map((entry) => entry.spelling));
let entries: readonly SearchEntry[];

beforeAll(async () => {
  entries = (await loadNames(await openContentSource({ contentDir: CONTENT_DIR, contentOrigin: null }))).search;
});

/** "number: spelling → what came first" for every spelling that does not find its name first. */
function misses(pick: (name: NameSpellings) => string[]): string[] {
  return FIXTURE.names.flatMap((name) =>
    pick(name)
      .filter((spelling) => !AMBIGUOUS.has(spelling))
      .map((spelling) => ({ spelling, found: searchNames(entries, spelling) }))
      .filter(({ found }) => found[0] !== name.number)
      .map(({ spelling, found }) => `${name.number}: ${spelling} → [${found.slice(0, 3).join(', ')}]`),
  );
}

describe('names search: the spellings people use', () => {
  it('holds at least three Latin spellings and two Arabic ones for each of the 99', () => {
    expect(FIXTURE.names.map((name) => name.number)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    for (const name of FIXTURE.names) {
      const latin = new Set(
        [name.aladhan, name.wikipedia, name.indonesian, ...name.common].filter((s) => !AMBIGUOUS.has(s)),
      );
      expect(latin.size, `name ${name.number}`).toBeGreaterThanOrEqual(3);
      expect(name.arabic.length, `name ${name.number}`).toBeGreaterThanOrEqual(2);
    }
  });

  it("finds every name first by Aladhan's transliteration (the most used prayer-times API), typos included", () => {
    expect(misses((name) => [name.aladhan])).toEqual([]);
  });

  it("finds every name first by Wikipedia's transliteration (macrons, dots, ʿ and ʾ)", () => {
    expect(misses((name) => [name.wikipedia])).toEqual([]);
  });

  it('finds every name first by Indonesian spellings (sy, dz, ts, th for ط, sh for ص)', () => {
    expect(misses((name) => [name.indonesian])).toEqual([]);
  });

  it('finds every name first by common app spellings (doubled vowels, Urdu z for ض and ذ, joined articles)', () => {
    expect(misses((name) => name.common)).toEqual([]);
  });

  it('finds every name first by its Arabic, vocalised or not, whatever the hamza seat', () => {
    expect(misses((name) => name.arabic)).toEqual([]);
  });

  it('lists both names of an ambiguous spelling, the exact transliteration first', () => {
    for (const { spelling, names } of FIXTURE.ambiguous)
      expect(searchNames(entries, spelling).slice(0, names.length)).toEqual(names);
  });

  it('answers the examples of issue 8', () => {
    const first = (q: string) => searchNames(entries, q)[0];
    expect(first('The Merciful')).toBe(2);
    expect(first('Al-Mājid')).toBe(65);
    expect(first('Al-Majid')).toBe(48);
    expect(first('الرؤوف')).toBe(83);
    expect(first('Zul-Jalal')).toBe(85);
  });
});

describe('allSpellings', () => {
  it("lists every spelling of the fixture once, in file order (the bench's names-search-varying paths)", () => {
    const all = allSpellings(FIXTURE);
    expect(new Set(all).size).toBe(all.length);
    for (const name of FIXTURE.names) {
      expect(all, `name ${name.number}`).toEqual(
        expect.arrayContaining([name.aladhan, name.wikipedia, name.indonesian, ...name.common, ...name.arabic]),
      );
    }
    const first = FIXTURE.names[0] as NameSpellings;
    expect(all.slice(0, 3)).toEqual([first.aladhan, first.wikipedia, first.indonesian]);
  });
});
