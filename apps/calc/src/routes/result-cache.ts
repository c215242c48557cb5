// Whole /prayer-time results (their JSON without braces, encoded), kept from their second
// ask: a result for a place, day and rules never changes, and points asked once each (most
// of a busy calc's traffic: every user's own coordinates) are not worth keeping.
import { createAskedBefore } from '@ira/core/runtime/asked-before';
import { LRUCache } from 'lru-cache';

/** Keys remembered as asked once. */
const ASKED_ONCE_MAX = 20_000;

/** The result for `key`: kept, or made by `make` (and kept if `key` was asked before). */
export type ResultCache = (key: string, make: () => Buffer) => Buffer;

/** `max` results kept; 0 turns the cache off (for measurements). */
export function createResultCache(max: number): ResultCache {
  if (max <= 0) return (_key, make) => make();
  const cache = new LRUCache<string, Buffer>({ max });
  const askedBefore = createAskedBefore(ASKED_ONCE_MAX);
  return (key, make) => {
    let result = cache.get(key);
    if (result === undefined) {
      result = make();
      if (askedBefore(key)) {
        // In memory of its own: a small Buffer is a slice of a shared 8 KB slab it would keep.
        const kept = Buffer.allocUnsafeSlow(result.length);
        result.copy(kept);
        cache.set(key, kept);
      }
    }
    return result;
  };
}
