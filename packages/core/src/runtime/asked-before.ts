// Which keys were asked for before: a cache that keeps only what is asked for again leaves a
// stream of one-off requests (every user's own coordinates, new searches) for the young
// generation to collect, rather than promoting each into the old one.
import { LRUCache } from 'lru-cache';

/** `askedBefore(key)` says whether `key` was asked for before, and remembers that it is now. */
export function createAskedBefore(max: number): (key: string) => boolean {
  const seen = new LRUCache<string, true>({ max });
  return function askedBefore(key) {
    if (seen.has(key)) return true;
    seen.set(key, true);
    return false;
  };
}
