import { describe, expect, it, vi } from 'vitest';
import type { KeyStore, UsageIncrement } from './keys/types.ts';
import { createUsageRecorder } from './usage-recorder.ts';

/** Only recordUsage is used by the recorder; it keeps every batch. */
function recordingStore(fail = false): KeyStore & { batches: UsageIncrement[][] } {
  const fake = {
    batches: [] as UsageIncrement[][],
    async recordUsage(batch: UsageIncrement[]) {
      if (fail) throw new Error('store down');
      fake.batches.push(batch.map((entry) => ({ ...entry })));
    },
  };
  return fake as unknown as KeyStore & { batches: UsageIncrement[][] };
}

const silent = { error: () => {} };
const today = () => new Date().toISOString().slice(0, 10);

describe('createUsageRecorder', () => {
  it('adds counts in memory and writes them as one batch on flush, not per request', async () => {
    const store = recordingStore();
    const usage = createUsageRecorder(store, { logger: silent });
    usage.count('k1', 'general');
    usage.count('k1', 'general');
    usage.count('k1', 'calculation');
    usage.count('k2', 'general');
    expect(store.batches).toEqual([]);
    await usage.flush();
    expect(store.batches).toHaveLength(1);
    const counts = store.batches[0]!.map(({ keyId, category, day, count }) => ({ keyId, category, day, count }));
    expect(counts).toEqual([
      { keyId: 'k1', category: 'general', day: today(), count: 2 },
      { keyId: 'k1', category: 'calculation', day: today(), count: 1 },
      { keyId: 'k2', category: 'general', day: today(), count: 1 },
    ]);
    await usage.flush();
    expect(store.batches).toHaveLength(1);
    await usage.close();
  });

  it('flushes on its interval and on close', async () => {
    const store = recordingStore();
    const usage = createUsageRecorder(store, { flushIntervalMs: 50, logger: silent });
    usage.count('k1', 'general');
    await vi.waitFor(() => expect(store.batches).toHaveLength(1), { timeout: 2_000 });
    usage.count('k1', 'general');
    await usage.close();
    expect(store.batches).toHaveLength(2);
  });

  it('flushes early when the pending map reaches its bound', async () => {
    const store = recordingStore();
    const usage = createUsageRecorder(store, { maxPendingEntries: 3, logger: silent });
    for (const id of ['a', 'b', 'c']) usage.count(id, 'general');
    await usage.flush();
    expect(store.batches[0]).toHaveLength(3);
    await usage.close();
  });

  it('logs a failed write and keeps going', async () => {
    const errors: string[] = [];
    const usage = createUsageRecorder(recordingStore(true), { logger: { error: (message) => void errors.push(message) } });
    usage.count('k1', 'general');
    await usage.close();
    expect(errors).toEqual(['usage flush of 1 entries failed']);
  });
});
