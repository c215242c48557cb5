import { describe, expect, it } from 'vitest';
import { loadConfig } from '@ira/core/runtime/config';
import { openContentSource } from '@ira/core/runtime/content-source';
import { parseQuery } from './query.ts';
import { loadQuranSearch } from './quran-search.ts';
import { countByPostings, countByVerses, matchWord, rank } from './rank.ts';

const search = await loadQuranSearch(
  await openContentSource({ contentDir: loadConfig({}).contentDir, contentOrigin: null }),
);
const AL_FATIHA = { first: 0, last: 6 };

const ranked = (q: string, range: { first: number; last: number } | null = null) =>
  rank(search.en, parseQuery(search.en, q), range).verses;

describe('rank', () => {
  it('answers a query the same whatever searches ran before it', () => {
    const queries = [
      'mercy',
      'Lord of the worlds',
      '"the Day of Resurrection"',
      'patience prayer',
      'zzzz mercy',
      'mercy zzzz',
      'the',
    ];
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
        const cut = rank(search.en, parseQuery(search.en, q), null, needed).verses;
        expect(cut.slice(0, needed), `${q} ${needed}`).toEqual(all.slice(0, needed));
        expect(
          [...cut].sort((a, b) => a - b),
          `${q} ${needed}`,
        ).toEqual([...all].sort((a, b) => a - b));
      }
    }
  });
});

describe('counting a later query word', () => {
  // The verses holding the first word, and each one's count of the second: through the
  // second word's postings and through the candidates' own words, the same to the bit
  // (Arabic and Bengali words match several ids of different weights).
  it.each([
    ['en', 'sent', 'and'],
    ['en', 'mercy', 'the'],
    ['en', 'Moses', 'to'],
    ['ar', 'موسى', 'الله'],
    ['ar', 'الرحمن', 'من'],
    ['bn', 'আল্লাহ', 'এবং'],
  ] as const)('%s: "%s" then "%s"', (language, first, second) => {
    const index = search[language];
    const words = [first, second].map((word) => parseQuery(index, word).words[0]!);
    const all = () => true;
    const matched = new Uint8Array(index.verseCount);
    const candidates = countByPostings(
      index,
      matchWord(index, words[0]!),
      0,
      { tf: new Float64Array(index.verseCount), matched },
      all,
    );
    for (const v of candidates) matched[v] = 1;
    expect(candidates.length).toBeGreaterThan(5);
    const later = matchWord(index, words[1]!);
    if (language !== 'en') expect(new Set(later.values()).size, 'weights of the second word').toBeGreaterThan(1);
    const byPostings = new Float64Array(index.verseCount);
    const byVerses = new Float64Array(index.verseCount);
    const touched = countByPostings(index, later, 1, { tf: byPostings, matched }, all);
    expect(countByVerses(index, later, candidates, byVerses).sort((a, b) => a - b)).toEqual(
      touched.sort((a, b) => a - b),
    );
    expect(touched.length).toBeGreaterThan(0);
    expect(byVerses).toEqual(byPostings);
  });
});
