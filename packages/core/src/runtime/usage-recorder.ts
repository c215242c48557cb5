// Usage counts per key, category and UTC day, kept in memory and written to the
// store in batches: never one store write per request. The one exception is a key's first
// use, written at once so the portal's "Last used" shows it right after a try-it call.
import type { LimitCategory } from '../contract/envelope.ts';
import type { KeyStore, UsageIncrement } from './keys/types.ts';
import { countDependencyError } from './observe/metrics.ts';

export const USAGE_FLUSH_INTERVAL_MS = 10_000;
/** Pending (key, category, day) entries that trigger an early flush, keeping the map bounded. */
export const USAGE_MAX_PENDING_ENTRIES = 10_000;

export interface UsageRecorder {
  count(keyId: string, category: LimitCategory): void;
  /**
   * Counts a request of a key the store has never seen used and writes that count now (once per
   * key and process; batched like the rest while the store fails); resolves when written or kept
   * for retry, never rejects.
   */
  countFirstUse(keyId: string, category: LimitCategory): Promise<void>;
  /** Writes what is pending; safe to call at any time. */
  flush(): Promise<void>;
  /** Stops the timer and flushes. */
  close(): Promise<void>;
}

export interface UsageRecorderOptions {
  flushIntervalMs?: number;
  maxPendingEntries?: number;
  logger?: { error(message: string, detail?: unknown): void };
  /** Pause between write attempts at close while the store fails. */
  closeRetryMs?: number;
  /** How long close keeps retrying before it gives up (and says how much is lost). */
  closeBudgetMs?: number;
}

/** At shutdown, a store that is restarting gets this long to come back. */
export const USAGE_CLOSE_BUDGET_MS = 5_000;
const USAGE_CLOSE_RETRY_MS = 250;

const entryId = (keyId: string, category: LimitCategory, day: string) => `${keyId}\u0000${category}\u0000${day}`;
const DAY_MS = 86_400_000;
/** lastUsedAt is kept to the second: a Date per request would be garbage for the collector. */
const LAST_USED_RESOLUTION_MS = 1_000;

export function createUsageRecorder(store: KeyStore, options: UsageRecorderOptions = {}): UsageRecorder {
  const maxPending = options.maxPendingEntries ?? USAGE_MAX_PENDING_ENTRIES;
  const logger = options.logger ?? console;
  let pending = new Map<string, UsageIncrement>();
  // Keys whose first use this process has written (bounded like the pending entries).
  const firstUsesWritten = new Set<string>();
  let flushing: Promise<void> = Promise.resolve();
  let failures = 0;
  // The UTC day's name, made again only when a request falls outside that day, and the
  // day's entry id of each key seen that day by category: built per request, the id was a
  // new string to hash for every lookup.
  let today = { startMs: 0, endMs: 0, day: '', ids: newIds() };
  function newIds(): Record<LimitCategory, Map<string, string>> {
    return { general: new Map(), calculation: new Map() };
  }
  function todaysEntryId(keyId: string, category: LimitCategory, nowMs: number): string {
    if (nowMs < today.startMs || nowMs >= today.endMs) {
      const startMs = nowMs - (nowMs % DAY_MS);
      today = { startMs, endMs: startMs + DAY_MS, day: new Date(startMs).toISOString().slice(0, 10), ids: newIds() };
    }
    const ids = today.ids[category];
    let id = ids.get(keyId);
    if (id === undefined) {
      // As bounded as the pending entries.
      if (ids.size >= maxPending) ids.clear();
      id = entryId(keyId, category, today.day);
      ids.set(keyId, id);
    }
    return id;
  }

  /** Puts a failed batch back, added to what came in meanwhile, for the next flush. */
  function requeue(batch: UsageIncrement[]): void {
    for (const entry of batch) {
      const id = entryId(entry.keyId, entry.category, entry.day);
      const current = pending.get(id);
      if (current === undefined) pending.set(id, entry);
      else {
        current.count += entry.count;
        if (entry.lastUsedAt > current.lastUsedAt) current.lastUsedAt = entry.lastUsedAt;
      }
    }
  }

  async function writeBatch(batch: UsageIncrement[]): Promise<void> {
    try {
      await store.recordUsage(batch);
      failures = 0;
    } catch (error) {
      // Kept and retried on the next flush (the batch is one transaction, so
      // nothing was half-written). Memory stays bounded: entries are one per
      // key, category and day, however many requests they count.
      failures += 1;
      requeue(batch);
      countDependencyError(error);
      if (failures === 1) logger.error(`usage flush of ${batch.length} entries failed; kept for retry`, error);
    }
  }

  function flush(): Promise<void> {
    if (pending.size === 0) return flushing;
    const batch = [...pending.values()];
    pending = new Map();
    // Batches are written one after another, never interleaved.
    flushing = flushing.then(() => writeBatch(batch));
    return flushing;
  }

  const timer = setInterval(() => void flush(), options.flushIntervalMs ?? USAGE_FLUSH_INTERVAL_MS);
  timer.unref();

  function count(keyId: string, category: LimitCategory): void {
    const nowMs = Date.now();
    const id = todaysEntryId(keyId, category, nowMs);
    const entry = pending.get(id);
    if (entry) {
      entry.count += 1;
      if (nowMs - entry.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) entry.lastUsedAt = new Date(nowMs);
      return;
    }
    pending.set(id, { keyId, category, day: today.day, count: 1, lastUsedAt: new Date(nowMs) });
    if (pending.size >= maxPending) void flush();
  }

  return {
    count,
    countFirstUse(keyId, category) {
      count(keyId, category);
      // While the store fails, the first use waits in the batch like any count: no request waits on an outage.
      if (firstUsesWritten.has(keyId) || failures > 0) return Promise.resolve();
      const id = todaysEntryId(keyId, category, Date.now());
      const entry = pending.get(id);
      if (entry === undefined) return flushing; // an early flush has just taken it
      if (firstUsesWritten.size >= maxPending) firstUsesWritten.clear();
      firstUsesWritten.add(keyId);
      // This key's entry alone: the other keys' counts keep to the batch schedule.
      pending.delete(id);
      flushing = flushing.then(() => writeBatch([entry]));
      return flushing;
    },
    flush,
    async close() {
      clearInterval(timer);
      const deadline = Date.now() + (options.closeBudgetMs ?? USAGE_CLOSE_BUDGET_MS);
      await flush();
      while (pending.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, options.closeRetryMs ?? USAGE_CLOSE_RETRY_MS));
        await flush();
      }
      const lost = [...pending.values()].reduce((sum, entry) => sum + entry.count, 0);
      if (lost > 0) logger.error(`usage: ${lost} counts not written at close (store unavailable)`);
    },
  };
}
