// Whole /prayer-time results (their JSON without braces, encoded), kept from their second
// ask: a result for a place, day and rules never changes. Kept from the first ask,
// points asked once each (most of a busy calc's traffic: every user's own coordinates)
// outlived two young-generation collections in the cache and died in the old generation
// (8,000 points a second: 8-9 full collections in 3 s, 6-7 with no result cache).
import { ownedCopy } from '@ira/core/runtime/kept-bytes';
import { keyHashes, seenFilter } from '@ira/core/runtime/seen-filter';
import { LRUCache } from 'lru-cache';

// The admission filter: generations of 16,384 keys asked, 128 KB each (~0.1% false
// "seen" at that count).
const ADMISSION_GENERATION_KEYS = 16_384;
const ADMISSION_FILTER_BITS = 1 << 20;

/** The result for `key`: kept, or made by `make` (and kept if `key` was asked before). */
export type ResultCache = (key: string, make: () => Buffer) => Buffer;

/** `max` results kept; 0 turns the cache off (for measurements). */
export function createResultCache(max: number): ResultCache {
  if (max <= 0) return (_key, make) => make();
  const cache = new LRUCache<string, Buffer>({ max });
  const seenBefore = seenFilter(ADMISSION_FILTER_BITS);
  let asked = 0;
  return (key, make) => {
    let result = cache.get(key);
    if (result === undefined) {
      result = make();
      if (seenBefore(keyHashes(key), Math.floor(asked++ / ADMISSION_GENERATION_KEYS)))
        cache.set(key, ownedCopy(result));
    }
    return result;
  };
}
