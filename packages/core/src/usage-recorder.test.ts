import { describe, expect, it, vi } from 'vitest';
import type { KeyStore, UsageIncrement } from './keys/types.ts';
import { createUsageRecorder } from './usage-recorder.ts';

/** Only recordUsage is used by the recorder; it keeps every batch. */
function recordingStore(failing = false): KeyStore & { batches: UsageIncrement[][]; failing: boolean } {
  const fake = {
    failing,
    batches: [] as UsageIncrement[][],
    async recordUsage(batch: UsageIncrement[]) {
      if (fake.failing) throw new Error('store down');
      fake.batches.push(batch.map((entry) => ({ ...entry })));
    },
  };
  return fake as unknown as KeyStore & { batches: UsageIncrement[][]; failing: boolean };
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

  it('keeps the counts of a failed write and writes them, added up, once the store answers again', async () => {
    const errors: string[] = [];
    const store = recordingStore(true);
    const usage = createUsageRecorder(store, { logger: { error: (message) => void errors.push(message) } });
    usage.count('k1', 'general');
    usage.count('k1', 'general');
    await usage.flush();
    await usage.flush();
    usage.count('k1', 'general');
    store.failing = false;
    await usage.flush();
    expect(store.batches.map((batch) => batch.map((entry) => entry.count))).toEqual([[3]]);
    expect(errors).toEqual(['usage flush of 1 entries failed; kept for retry']);
    await usage.close();
  });

  it('on close, retries a failing store until it answers (within the close budget)', async () => {
    const store = recordingStore(true);
    const usage = createUsageRecorder(store, { logger: silent, closeRetryMs: 20 });
    usage.count('k1', 'calculation');
    setTimeout(() => (store.failing = false), 100);
    await usage.close();
    expect(store.batches.flat().map((entry) => entry.count)).toEqual([1]);
  });

  it('on close, reports what it could not write when the store stays down', async () => {
    const errors: string[] = [];
    const usage = createUsageRecorder(recordingStore(true), { logger: { error: (message) => void errors.push(message) }, closeRetryMs: 10, closeBudgetMs: 50 });
    usage.count('k1', 'general');
    usage.count('k2', 'general');
    await usage.close();
    expect(errors.at(-1)).toBe('usage: 2 counts not written at close (store unavailable)');
  });
});
