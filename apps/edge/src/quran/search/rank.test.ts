import { describe, expect, it } from 'vitest';
import { loadConfig } from '@ira/core/config';
import { openContentSource } from '../../content/source.ts';
import { parseQuery } from './query.ts';
import { loadQuranSearch } from './quran-search.ts';
import { rank } from './rank.ts';

const search = await loadQuranSearch(await openContentSource({ contentDir: loadConfig({}).contentDir, contentOrigin: null }));
const AL_FATIHA = { first: 0, last: 6 };

const ranked = (q: string, range: { first: number; last: number } | null = null) => rank(search.en, parseQuery('en', q), range).verses;

describe('rank', () => {
  it('answers a query the same whatever searches ran before it', () => {
    const queries = ['mercy', 'Lord of the worlds', '"the Day of Resurrection"', 'patience prayer', 'zzzz mercy', 'mercy zzzz', 'the'];
    const alone = queries.map((q) => ranked(q));
    const inRange = ranked('Lord', AL_FATIHA);
    expect(alone[0]!.length).toBeGreaterThan(50);
    expect(alone[4]).toEqual([]);
    expect(inRange.map((v) => v + 1)).toEqual([2]);
    // Again, in reverse and interleaved with a surah-limited search: the same lists, in the same order.
    for (let i = queries.length - 1; i >= 0; i--) {
      expect(ranked('Lord', AL_FATIHA)).toEqual(inRange);
      expect(ranked(queries[i]!), queries[i]).toEqual(alone[i]);
    }
  });

  // A page asks only for the best `needed` in exact order; the rest keep Quran order.
  it('puts the same verses first when only a page of the best is needed, ties included', () => {
    for (const q of ['the', 'and', 'And the', 'mercy', 'Allah']) {
      const all = ranked(q);
      for (const needed of [1, 10, 37, 200]) {
        const cut = rank(search.en, parseQuery('en', q), null, needed).verses;
        expect(cut.slice(0, needed), `${q} ${needed}`).toEqual(all.slice(0, needed));
        expect([...cut].sort((a, b) => a - b), `${q} ${needed}`).toEqual([...all].sort((a, b) => a - b));
      }
    }
  });
});
