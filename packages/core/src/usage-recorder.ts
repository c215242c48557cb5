// Usage counts per key, category and UTC day, kept in memory and written to the
// store in batches: never one store write per request.
import type { LimitCategory } from './envelope.ts';
import type { KeyStore, UsageIncrement } from './keys/types.ts';

export const USAGE_FLUSH_INTERVAL_MS = 10_000;
/** Pending (key, category, day) entries that trigger an early flush, keeping the map bounded. */
export const USAGE_MAX_PENDING_ENTRIES = 10_000;

export interface UsageRecorder {
  count(keyId: string, category: LimitCategory): void;
  /** Writes what is pending; safe to call at any time. */
  flush(): Promise<void>;
  /** Stops the timer and flushes. */
  close(): Promise<void>;
}

export interface UsageRecorderOptions {
  flushIntervalMs?: number;
  maxPendingEntries?: number;
  logger?: { error(message: string, detail?: unknown): void };
}

export function createUsageRecorder(store: KeyStore, options: UsageRecorderOptions = {}): UsageRecorder {
  const maxPending = options.maxPendingEntries ?? USAGE_MAX_PENDING_ENTRIES;
  const logger = options.logger ?? console;
  let pending = new Map<string, UsageIncrement>();
  let flushing: Promise<void> = Promise.resolve();

  async function writeBatch(batch: UsageIncrement[]): Promise<void> {
    try {
      await store.recordUsage(batch);
    } catch (error) {
      // Usage is best-effort: a failed write is logged and dropped rather than
      // growing memory without bound while the store is down.
      logger.error(`usage flush of ${batch.length} entries failed`, error);
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

  return {
    count(keyId, category) {
      const now = new Date();
      const day = now.toISOString().slice(0, 10);
      const id = `${keyId}\u0000${category}\u0000${day}`;
      const entry = pending.get(id);
      if (entry) {
        entry.count += 1;
        entry.lastUsedAt = now;
        return;
      }
      pending.set(id, { keyId, category, day, count: 1, lastUsedAt: now });
      if (pending.size >= maxPending) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
