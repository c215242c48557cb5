// Per-key, per-category limits with koa-ratelimit 6 (docs/api-decisions.md "Rate limits").
//
// What `nextResetAt` means depends on the driver:
// - memory (one process): a fixed window that starts at the key's first request;
//   nextResetAt is the end of that window, when `remaining` goes back to `limit`.
// - redis (shared by every instance): an atomic sliding log of request times;
//   nextResetAt is when the oldest request still counted leaves the window, i.e.
//   the next time `remaining` grows (by one at least, not necessarily to `limit`).
//   The driver reports it rounded down to the second; a second is added back.
//
// How koa-ratelimit is used: its two counting drivers (the memory window and the
// atomic Redis script) count; its middleware is not on the path, because per request
// it builds a driver, sets three X-RateLimit-* headers and we would only remove them
// again (the IETF RateLimit headers are the only ones a client sees). A driver per key
// id and limit is kept in an LRU instead. Pitfalls handled here: the memory driver is
// given an explicit Map (without one it counts in a fresh Map per driver) and that Map
// is swept of expired windows since the library never evicts; ids are verified key
// ids only, never client input.
import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import type { Context } from 'koa';
import { LRUCache } from 'lru-cache';
import { asUnavailable } from '../dependency-error.ts';
import { rateLimitRejections } from '../observe/metrics.ts';
import type { LimitCategory } from '../../contract/envelope.ts';
import { type RateLimitDecision, tooManyRequests } from './rate-limit-headers.ts';

/** One count by a koa-ratelimit driver (its package types cover only the middleware). */
interface DriverCount {
  /** Requests left before this one was counted (0 = over the limit). */
  remaining: number;
  /** Epoch seconds: memory = window end; redis = when the oldest counted request leaves, rounded down. */
  reset: number;
}

type Limiter = { get(): Promise<DriverCount> };
type LimiterClass = new (options: {
  id: string;
  db: unknown;
  max: number;
  duration: number;
  namespace: string;
}) => Limiter;

const require = createRequire(import.meta.url);
const MemoryLimiter = require('koa-ratelimit/limiter/memory.js') as LimiterClass;
const RedisLimiter = require('koa-ratelimit/limiter/redis.js') as LimiterClass;

export const RATE_LIMIT_NAMESPACE = 'ira:ratelimit';
/** Key ids with a ready driver; a key not seen lately just gets a new one (the count lives in the Map or Redis). */
const DRIVER_CACHE_MAX = 10_000;

export interface KeyRateLimitOptions {
  category: LimitCategory;
  windowMs: number;
  /** null = in-process memory counters. */
  redis: Redis | null;
  namespace?: string;
  /** The memory driver's Map; tests pass one to watch it being swept. */
  memoryDb?: Map<string, MemoryWindow>;
}

/** Counts one request of `keyId`: the decision when allowed; the 429 thrown otherwise (its rateLimit on ctx.state). */
export type KeyRateLimit = (ctx: Context, keyId: string, limit: number) => Promise<RateLimitDecision>;

export interface MemoryWindow {
  /** Window end, epoch seconds (koa-ratelimit's unit). */
  reset: number;
}

interface Driver {
  limit: number;
  limiter: Limiter;
}

export function createKeyRateLimit(options: KeyRateLimitOptions): KeyRateLimit {
  const { category, windowMs } = options;
  const memoryDb = options.redis === null ? (options.memoryDb ?? new Map<string, MemoryWindow>()) : null;
  const namespace = `${options.namespace ?? RATE_LIMIT_NAMESPACE}:${category}`;
  const drivers = new LRUCache<string, Driver>({ max: DRIVER_CACHE_MAX });
  let lastSweepMs = Date.now();

  function driverFor(keyId: string, limit: number): Driver {
    let driver = drivers.get(keyId);
    if (driver === undefined || driver.limit !== limit) {
      const settings = { id: keyId, max: limit, duration: windowMs, namespace };
      const limiter = memoryDb
        ? new MemoryLimiter({ ...settings, db: memoryDb })
        : new RedisLimiter({ ...settings, db: options.redis });
      driver = { limit, limiter };
      drivers.set(keyId, driver);
    }
    return driver;
  }

  function sweepExpiredWindows(nowMs: number): void {
    if (memoryDb === null || nowMs - lastSweepMs < windowMs) return;
    lastSweepMs = nowMs;
    for (const [key, entry] of memoryDb) {
      if (entry.reset * 1000 < nowMs) memoryDb.delete(key);
    }
  }

  // The redis driver reports the reset rounded down to the second, up to 1 s
  // early; a second more keeps Retry-After from ever sending a client back too
  // soon, and no reset is later than a window from now (the newest request's).
  const resetRoundingMs = memoryDb === null ? 1000 : 0;

  // Consecutive requests mostly share a reset instant (the memory window's end, or the same second).
  let lastReset = { atMs: NaN, iso: '' };
  function resetIso(atMs: number): string {
    if (atMs !== lastReset.atMs) lastReset = { atMs, iso: new Date(atMs).toISOString() };
    return lastReset.iso;
  }

  function decision(limit: number, remaining: number, reset: number): RateLimitDecision {
    const reported = Math.round(reset * 1000);
    const resetAtMs = resetRoundingMs === 0 ? reported : Math.min(reported + resetRoundingMs, Date.now() + windowMs);
    const info = { category, limit, remaining: Math.max(0, remaining), nextResetAt: resetIso(resetAtMs) };
    return { info, resetAtMs };
  }

  return async function applyKeyRateLimit(ctx, keyId, limit) {
    sweepExpiredWindows(Date.now());
    let counted;
    try {
      counted = await driverFor(keyId, limit).limiter.get();
    } catch (error) {
      // Counting failed before the route ran: Redis is down or hung. Limits fail
      // closed (a 503), see docs/reliability.md for why.
      throw asUnavailable('Redis', error);
    }
    // `remaining` is what was left before this request; it is allowed while any was.
    if (counted.remaining > 0) return decision(limit, counted.remaining - 1, counted.reset);
    const limited = decision(limit, 0, counted.reset);
    ctx.state.rateLimit = limited.info;
    rateLimitRejections.inc({ category });
    throw tooManyRequests(limited, windowMs);
  };
}
