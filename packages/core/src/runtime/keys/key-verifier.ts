// Turns a key as sent into its record, or null (docs/api-decisions.md "Authentication").
// Malformed keys never reach the store; lookups (found or not) are cached for
// KEY_CACHE_TTL_MS, so a revocation takes effect everywhere within that time.
import { timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { countKeyCacheHit, keyCacheLookups } from '../observe/metrics.ts';
import { API_KEY_LENGTH, hashKey, isWellFormedKey } from './api-key.ts';
import type { ApiKeyRecord, KeyStore } from './types.ts';

export const KEY_CACHE_TTL_MS = 5_000;
export const KEY_CACHE_MAX_ENTRIES = 10_000;

export interface KeyVerifierOptions {
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  /** The cache's clock (default `performance`); tests pass a fake one. */
  clock?: { now(): number };
}

export type KeyVerifier = (key: string) => Promise<ApiKeyRecord | null>;

// lru-cache stores objects only, so a negative result is { record: null }.
interface CachedLookup {
  record: ApiKeyRecord | null;
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createKeyVerifier(store: KeyStore, options: KeyVerifierOptions = {}): KeyVerifier {
  const cache = new LRUCache<string, CachedLookup>({
    max: options.cacheMaxEntries ?? KEY_CACHE_MAX_ENTRIES,
    ttl: options.cacheTtlMs ?? KEY_CACHE_TTL_MS,
    ...(options.clock ? { perf: options.clock } : {}),
    // Concurrent requests with one key share one store lookup. The record must carry
    // the hash it was looked up by, checked once here rather than on every hit.
    fetchMethod: async (hash) => {
      const record = await store.findKeyByHash(hash);
      return { record: record !== null && sameHash(record.hash, hash) ? record : null };
    },
  });

  // The hash of each key recently seen: SHA-256 per request is a measurable part of a
  // content read. Kept no longer than the records are (same bound and time to live).
  const hashes = new LRUCache<string, string>({
    max: options.cacheMaxEntries ?? KEY_CACHE_MAX_ENTRIES,
    ttl: options.cacheTtlMs ?? KEY_CACHE_TTL_MS,
    ...(options.clock ? { perf: options.clock } : {}),
  });
  const hashOf = (key: string): string => {
    let hash = hashes.get(key);
    if (hash === undefined) {
      hash = hashKey(key);
      hashes.set(key, hash);
    }
    return hash;
  };

  const cacheMisses = keyCacheLookups.labels('miss');

  return async function verifyKey(key) {
    if (key.length !== API_KEY_LENGTH) return null;
    const hash = hashOf(key);
    // Only well-formed keys are ever cached, so a hit skips the format check; and it
    // is answered without lru-cache's fetch machinery (a promise per call).
    let lookup = cache.get(hash);
    if (lookup !== undefined) {
      countKeyCacheHit();
    } else {
      if (!isWellFormedKey(key)) return null;
      cacheMisses.inc();
      lookup = await cache.fetch(hash);
    }
    const record = lookup?.record ?? null;
    if (record === null || record.revokedAt !== null) return null;
    return record;
  };
}
