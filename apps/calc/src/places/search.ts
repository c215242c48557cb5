// Places by name, with the search index of the content tree (built by search-index.ts at
// build time): every spelling of every place folded into a key (place-key.ts), all keys
// sorted. A query folds itself and finds, by binary search, the keys equal to it and then
// the keys that start with it. Ranking: a name equal to the query, then another spelling
// equal to it, then a spelling starting with it; within each, the larger population,
// then the GeoNames id (for a stable order).
import type { PlaceSearchIndex } from '@ira/core/contract/content-format';
import type { Gazetteer } from './gazetteer.ts';
import { placeKey } from './place-key.ts';

/** How a place matched, best first. */
export const MATCH_TIERS = ['name', 'spelling', 'prefix'] as const;
const NAME = 0;
const SPELLING = 1;
const PREFIX = 2;

export interface PlaceMatch {
  /** Row of the place in the gazetteer. */
  index: number;
  /** 0 name, 1 other spelling (both equal to the query), 2 prefix: MATCH_TIERS. */
  tier: number;
}

export interface SearchOptions {
  /** Index into gazetteer.countryCodes, or null for every country. */
  country: number | null;
  limit: number;
}

export interface PlaceSearch {
  search(query: string, options: SearchOptions): PlaceMatch[];
  /** How many keys the index holds (for start-up figures). */
  readonly keyCount: number;
}

// Sorts after every character of a key (keys hold Latin, Arabic and Bengali letters only).
const AFTER_EVERY_CHARACTER = '\uffff';

/** The index's keys, one string with a start offset per key, so the ~130 000 keys are no ~130 000 strings. */
interface Keys {
  readonly text: string;
  /** Key `i` is text[starts[i], starts[i + 1] - 1): the last entry is one past the text's end. */
  readonly starts: Int32Array;
}

function keyAt(keys: Keys, at: number): string {
  return keys.text.slice(keys.starts[at], (keys.starts[at + 1] as number) - 1);
}

function keyLength(keys: Keys, at: number): number {
  return (keys.starts[at + 1] as number) - (keys.starts[at] as number) - 1;
}

/** The first position whose key is >= `query` (code-unit order). */
function lowerBound(keys: Keys, query: string): number {
  let low = 0;
  let high = keys.starts.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keyAt(keys, middle) < query) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where each of the `count` space-separated keys of `text` starts; refuses another number of keys. */
function readKeys(text: string, count: number): Keys {
  const starts = new Int32Array(count + 1);
  let found = 0;
  let start = 0;
  while (found < count && start <= text.length) {
    starts[found++] = start;
    const space = text.indexOf(' ', start);
    start = space === -1 ? text.length + 1 : space + 1;
  }
  starts[count] = start;
  if (found !== count || start !== (count === 0 ? 0 : text.length + 1))
    throw new Error(`places.json: the search index has ${count} places but not as many keys`);
  return { text, starts };
}

/** The index's columns; refuses columns of different lengths or a row the gazetteer lacks. */
function readIndex(gazetteer: Gazetteer, index: PlaceSearchIndex) {
  const places = Int32Array.from(index.places);
  const isName = Uint8Array.from(index.names);
  if (isName.length !== places.length)
    throw new Error(`places.json: the search index has ${places.length} places and ${isName.length} name flags`);
  for (const row of places)
    if (row < 0 || row >= gazetteer.size) throw new Error(`places.json: the search index names row ${row}`);
  return { keys: readKeys(index.keys, places.length), places, isName };
}

export function createPlaceSearch(gazetteer: Gazetteer, index: PlaceSearchIndex): PlaceSearch {
  const { keys, places, isName } = readIndex(gazetteer, index);
  return {
    keyCount: places.length,
    search(query, options) {
      const folded = placeKey(query);
      if (folded === '') return [];
      const ranking = createRanking(gazetteer, options.limit);
      const start = lowerBound(keys, folded);
      const end = lowerBound(keys, folded + AFTER_EVERY_CHARACTER);
      for (let at = start; at < end; at++) {
        const index = places[at] as number;
        if (options.country !== null && gazetteer.countryOf[index] !== options.country) continue;
        // Every key in [start, end) starts with the query, so one as long as the query equals it.
        const tier = keyLength(keys, at) !== folded.length ? PREFIX : isName[at] === 1 ? NAME : SPELLING;
        ranking.offer(index, tier);
      }
      return ranking.matches();
    },
  };
}

/**
 * The best `limit` matches seen so far, best first. Keys equal to the query come before
 * longer ones, so a place's first offer is its best and later ones are dropped.
 */
function createRanking(gazetteer: Gazetteer, limit: number) {
  const ranked: PlaceMatch[] = [];
  const { populations } = gazetteer;
  const before = (index: number, tier: number, than: PlaceMatch): boolean => {
    if (tier !== than.tier) return tier < than.tier;
    const byPopulation = (populations[index] as number) - (populations[than.index] as number);
    return byPopulation !== 0 ? byPopulation > 0 : index < than.index;
  };
  return {
    offer(index: number, tier: number): void {
      if (ranked.length === limit && !before(index, tier, ranked[limit - 1] as PlaceMatch)) return;
      if (ranked.some((seen) => seen.index === index)) return;
      let at = ranked.length;
      while (at > 0 && before(index, tier, ranked[at - 1] as PlaceMatch)) at--;
      ranked.splice(at, 0, { index, tier });
      if (ranked.length > limit) ranked.pop();
    },
    matches: (): PlaceMatch[] => ranked,
  };
}
