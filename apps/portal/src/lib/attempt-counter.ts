// Attempts per key in a fixed window that starts at the first one, in a bounded cache. An
// attempt is counted as it begins, before any await (a password hash, the database), and given
// back when it turns out not to count: attempts sent at once cannot all pass the check before
// any of them is counted. Keys are stored as a SHA-256 digest, so a 63 KB email costs a cache
// entry what any other key does.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** Keys tracked at once per counter; the least recently used fall out first. */
export const MAX_TRACKED_KEYS = 10_000;

export interface AttemptCounter {
  /** Seconds until `key` may make another attempt, 0 when it may now. */
  waitS(key: string): number;
  /** Counts an attempt at `key` (check waitS first, with no await between). */
  count(key: string): void;
  /** Gives one counted attempt back. */
  giveBack(key: string): void;
  /** Forgets every attempt at `key`. */
  reset(key: string): void;
}

interface Window {
  count: number;
  firstAt: number;
}

const digest = (key: string): string => createHash('sha256').update(key).digest('base64url');

export function createAttemptCounter(limit: number, windowMs: number, now: () => number): AttemptCounter {
  const windows = new LRUCache<string, Window>({ max: MAX_TRACKED_KEYS, ttl: windowMs });
  // The cache TTL only bounds memory; the window itself is checked here, exactly.
  const current = (id: string): Window | undefined => {
    const entry = windows.get(id);
    return entry && now() - entry.firstAt < windowMs ? entry : undefined;
  };
  return {
    waitS(key) {
      const entry = current(digest(key));
      if (!entry || entry.count < limit) return 0;
      return Math.max(1, Math.ceil((entry.firstAt + windowMs - now()) / 1000));
    },
    count(key) {
      const id = digest(key);
      const entry = current(id);
      if (entry) entry.count += 1;
      // The window runs from the first attempt, so it does not slide forever.
      else windows.set(id, { count: 1, firstAt: now() });
    },
    giveBack(key) {
      const entry = current(digest(key));
      if (entry && entry.count > 0) entry.count -= 1;
    },
    reset(key) {
      windows.delete(digest(key));
    },
  };
}
