import { afterEach, describe, expect, it, vi } from 'vitest';
import { displayStart, generateApiKey, hashKey } from './api-key.ts';
import { registry } from '../observe/metrics.ts';
import { createKeyVerifier } from './key-verifier.ts';
import type { ApiKeyRecord, KeyStore } from './types.ts';

/** Only findKeyByHash is used by the verifier; it counts lookups. */
function storeWith(records: ApiKeyRecord[]): KeyStore & { lookups: number } {
  const fake = {
    lookups: 0,
    async findKeyByHash(hash: string) {
      fake.lookups += 1;
      return records.find((record) => record.hash === hash) ?? null;
    },
  };
  return fake as unknown as KeyStore & { lookups: number };
}

function recordFor(key: string, revokedAt: Date | null = null): ApiKeyRecord {
  return {
    id: 'k1',
    userId: null,
    name: 'n',
    start: displayStart(key),
    hash: hashKey(key),
    limits: { general: null, calculation: null },
    createdAt: new Date(),
    lastUsedAt: null,
    revokedAt,
  };
}

describe('createKeyVerifier', () => {
  it('returns the record of an active key and null for a revoked one', async () => {
    const active = generateApiKey();
    const revoked = generateApiKey();
    const verify = createKeyVerifier(storeWith([recordFor(active), recordFor(revoked, new Date())]));
    expect((await verify(active))?.id).toBe('k1');
    expect(await verify(revoked)).toBeNull();
  });

  it('never asks the store about a malformed key', async () => {
    const store = storeWith([]);
    const verify = createKeyVerifier(store);
    expect(await verify('ira_live_short')).toBeNull();
    const key = generateApiKey();
    expect(await verify(key.slice(0, -1) + (key.endsWith('0') ? '1' : '0'))).toBeNull();
    expect(store.lookups).toBe(0);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('caches found and not-found results for the TTL, then asks again', async () => {
    // The cache's clock is the faked Date; lru-cache also refreshes a cached "now" with a timer.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const known = generateApiKey();
    const unknown = generateApiKey();
    const store = storeWith([recordFor(known)]);
    const verify = createKeyVerifier(store, { cacheTtlMs: 1_000, clock: Date });
    await Promise.all([verify(known), verify(known), verify(unknown)]);
    await verify(unknown);
    expect(store.lookups).toBe(2);
    vi.advanceTimersByTime(999);
    await verify(known);
    expect(store.lookups).toBe(2);
    vi.advanceTimersByTime(2);
    await verify(known);
    expect(store.lookups).toBe(3);
  });

  it('counts each lookup the cache answered and each passed to the store in ira_key_cache_lookups_total', async () => {
    const lookups = async () => {
      const metric = await registry.getSingleMetric('ira_key_cache_lookups_total')!.get();
      const count = (result: string) => metric.values.find((value) => value.labels.result === result)?.value ?? 0;
      return { hit: count('hit'), miss: count('miss') };
    };
    const key = generateApiKey();
    const verify = createKeyVerifier(storeWith([recordFor(key)]));
    const before = await lookups();
    await verify(key);
    await verify(key);
    await verify(key);
    expect(await lookups()).toEqual({ hit: before.hit + 2, miss: before.miss + 1 });
  });
});
