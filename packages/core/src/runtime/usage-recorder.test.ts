import { afterEach, describe, expect, it, vi } from 'vitest';
import { DependencyUnavailableError } from './dependency-error.ts';
import type { KeyStore, UsageIncrement } from './keys/types.ts';
import { dependencyErrors } from './observe/metrics.ts';
import { createUsageRecorder, USAGE_CLOSE_BUDGET_MS } from './usage-recorder.ts';

/** Only recordUsage is used by the recorder; it keeps every batch, or throws `error` while failing. */
function recordingStore(
  failing = false,
  error = new Error('store down'),
): KeyStore & { batches: UsageIncrement[][]; failing: boolean } {
  const fake = {
    failing,
    batches: [] as UsageIncrement[][],
    async recordUsage(batch: UsageIncrement[]) {
      if (fake.failing) throw error;
      fake.batches.push(batch.map((entry) => ({ ...entry })));
    },
  };
  return fake as unknown as KeyStore & { batches: UsageIncrement[][]; failing: boolean };
}

const silent = { error: () => {} };
const today = () => new Date().toISOString().slice(0, 10);
// The recorder's clocks: its flush interval, the pause between retries at close, and the close deadline.
const RECORDER_CLOCKS = ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] as const;

afterEach(() => {
  vi.useRealTimers();
});

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

  it("writes a key's first use at once, alone, and only once per key", async () => {
    const store = recordingStore();
    const usage = createUsageRecorder(store, { logger: silent });
    usage.count('k0', 'general');
    await usage.countFirstUse('k1', 'calculation');
    expect(store.batches).toHaveLength(1);
    expect(store.batches[0]!.map(({ keyId, count }) => `${keyId}:${count}`)).toEqual(['k1:1']);
    await usage.countFirstUse('k1', 'general');
    expect(store.batches).toHaveLength(1);
    await usage.flush();
    expect(store.batches[1]!.map(({ keyId, category }) => `${keyId}:${category}`)).toEqual([
      'k0:general',
      'k1:general',
    ]);
    await usage.close();
  });

  it('while the store fails, a first use waits in the batch instead of making the request wait', async () => {
    const store = recordingStore();
    const usage = createUsageRecorder(store, { logger: silent });
    usage.count('k0', 'general');
    store.failing = true;
    await usage.flush();
    const writes = vi.spyOn(store, 'recordUsage');
    await usage.countFirstUse('k1', 'general');
    expect(writes).not.toHaveBeenCalled();
    store.failing = false;
    await usage.flush();
    expect(store.batches[0]!.map(({ keyId }) => keyId).sort()).toEqual(['k0', 'k1']);
    await usage.close();
  });

  it('a failed first-use write is kept for the next flush, never thrown at the request', async () => {
    const store = recordingStore(true);
    const usage = createUsageRecorder(store, { logger: silent });
    await expect(usage.countFirstUse('k1', 'general')).resolves.toBeUndefined();
    store.failing = false;
    await usage.flush();
    expect(store.batches[0]!.map(({ keyId, count }) => `${keyId}:${count}`)).toEqual(['k1:1']);
    await usage.close();
  });

  it('counts a request on the UTC day it came in, across midnight', async () => {
    const store = recordingStore();
    vi.useFakeTimers({ toFake: [...RECORDER_CLOCKS] });
    vi.setSystemTime(new Date('2026-11-28T23:59:59.900Z'));
    const usage = createUsageRecorder(store, { logger: silent });
    usage.count('k1', 'general');
    usage.count('k1', 'calculation');
    vi.setSystemTime(new Date('2026-11-29T00:00:00.100Z'));
    usage.count('k1', 'general');
    usage.count('k1', 'general');
    await usage.flush();
    const counts = store.batches[0]!.map(({ keyId, category, day, count }) => ({ keyId, category, day, count }));
    expect(counts).toEqual([
      { keyId: 'k1', category: 'general', day: '2026-11-28', count: 1 },
      { keyId: 'k1', category: 'calculation', day: '2026-11-28', count: 1 },
      { keyId: 'k1', category: 'general', day: '2026-11-29', count: 2 },
    ]);
    await usage.close();
  });

  it('flushes on its interval and on close', async () => {
    const store = recordingStore();
    vi.useFakeTimers({ toFake: [...RECORDER_CLOCKS] });
    const usage = createUsageRecorder(store, { flushIntervalMs: 50, logger: silent });
    usage.count('k1', 'general');
    await vi.advanceTimersByTimeAsync(49);
    expect(store.batches).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.batches).toHaveLength(1);
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
    vi.useFakeTimers({ toFake: [...RECORDER_CLOCKS] });
    const store = recordingStore(true);
    const usage = createUsageRecorder(store, { logger: silent });
    usage.count('k1', 'calculation');
    const started = Date.now();
    const closing = usage.close();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.batches).toEqual([]);
    store.failing = false;
    await vi.runAllTimersAsync();
    await closing;
    expect(store.batches.flat().map((entry) => entry.count)).toEqual([1]);
    expect(Date.now() - started).toBeLessThan(USAGE_CLOSE_BUDGET_MS);
  });

  it('on close, keeps retrying for the close budget, then reports what it could not write', async () => {
    vi.useFakeTimers({ toFake: [...RECORDER_CLOCKS] });
    const errors: string[] = [];
    const usage = createUsageRecorder(recordingStore(true), {
      logger: { error: (message) => void errors.push(message) },
    });
    usage.count('k1', 'general');
    usage.count('k2', 'general');
    let closed = false;
    const closing = usage.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(USAGE_CLOSE_BUDGET_MS - 1);
    expect(closed).toBe(false);
    await vi.runAllTimersAsync();
    await closing;
    expect(errors.at(-1)).toBe('usage: 2 counts not written at close (store unavailable)');
  });

  it('counts a usage write that PostgreSQL refused as a dependency error', async () => {
    const metric = async () =>
      (await dependencyErrors.get()).values.find((v) => v.labels.dependency === 'PostgreSQL')?.value ?? 0;
    const before = await metric();
    const down = recordingStore(true, new DependencyUnavailableError('PostgreSQL', new Error('connect ECONNREFUSED')));
    const usage = createUsageRecorder(down, { logger: silent, closeBudgetMs: 0 });
    usage.count('k1', 'general');
    await usage.flush();
    expect(await metric()).toBe(before + 1);
    await usage.close();
  });
});
