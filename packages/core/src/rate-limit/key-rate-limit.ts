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
// koa-ratelimit pitfalls handled here: the memory driver is given an explicit Map
// (without one it makes a fresh Map per request and never limits), and that Map is
// swept of expired windows since the library never evicts; ids are verified key
// ids only, never client input; its 429 is thrown (`throw: true`) and turned into
// the JSON ApiError; its X-RateLimit-* headers are read for the decision and then
// removed, so the IETF RateLimit headers are the only ones a client sees.
import ratelimit from 'koa-ratelimit';
import type { Redis } from 'ioredis';
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { asUnavailable } from '../dependency-error.ts';
import { rateLimitRejections } from '../observe/metrics.ts';
import type { LimitCategory } from '../envelope.ts';
import { type RateLimitDecision, tooManyRequests } from './rate-limit-headers.ts';

export const RATE_LIMIT_NAMESPACE = 'ira:ratelimit';
/** Distinct per-key limit values with a ready middleware. */
const LIMITER_CACHE_MAX = 256;
const HEADER_NAMES = { remaining: 'X-RateLimit-Remaining', reset: 'X-RateLimit-Reset', total: 'X-RateLimit-Limit' };

export interface KeyRateLimitOptions {
  category: LimitCategory;
  windowMs: number;
  /** null = in-process memory counters. */
  redis: Redis | null;
  namespace?: string;
  /** The memory driver's Map; tests pass one to watch it being swept. */
  memoryDb?: Map<string, MemoryWindow>;
}

/** Counts one request of `keyId`; calls `next` with the decision when allowed, throws the 429 otherwise. */
export type KeyRateLimit = (
  ctx: Context,
  keyId: string,
  limit: number,
  next: (decision: RateLimitDecision) => Promise<void>,
) => Promise<void>;

export interface MemoryWindow {
  /** Window end, epoch seconds (koa-ratelimit's unit). */
  reset: number;
}

export function createKeyRateLimit(options: KeyRateLimitOptions): KeyRateLimit {
  const { category, windowMs } = options;
  const memoryDb = options.redis === null ? (options.memoryDb ?? new Map<string, MemoryWindow>()) : null;
  const idOf = new WeakMap<Context, string>();
  const limiters = new LRUCache<number, Middleware>({ max: LIMITER_CACHE_MAX });
  let lastSweepMs = Date.now();

  function limiterFor(limit: number): Middleware {
    let limiter = limiters.get(limit);
    if (limiter === undefined) {
      limiter = ratelimit({
        driver: memoryDb ? 'memory' : 'redis',
        db: memoryDb ?? options.redis!,
        duration: windowMs,
        max: limit,
        id: (ctx) => idOf.get(ctx) ?? missingId(),
        namespace: `${options.namespace ?? RATE_LIMIT_NAMESPACE}:${category}`,
        headers: HEADER_NAMES,
        throw: true,
      });
      limiters.set(limit, limiter);
    }
    return limiter;
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

  function decision(limit: number, remaining: unknown, reset: unknown): RateLimitDecision {
    const reported = Math.round(Number(reset) * 1000);
    const resetAtMs = resetRoundingMs === 0 ? reported : Math.min(reported + resetRoundingMs, Date.now() + windowMs);
    const info = { category, limit, remaining: Math.max(0, Number(remaining)), nextResetAt: new Date(resetAtMs).toISOString() };
    return { info, resetAtMs };
  }

  return async function applyKeyRateLimit(ctx, keyId, limit, next) {
    sweepExpiredWindows(Date.now());
    idOf.set(ctx, keyId);
    let allowed = false;
    try {
      await limiterFor(limit)(ctx, async () => {
        allowed = true;
        const outcome = decision(limit, ctx.response.get(HEADER_NAMES.remaining), ctx.response.get(HEADER_NAMES.reset));
        removeLibraryHeaders(ctx);
        await next(outcome);
      });
    } catch (error) {
      if (allowed) throw error;
      // Counting failed before the route ran: Redis is down or hung. Limits fail
      // closed (a 503), see docs/reliability.md for why.
      if ((error as { status?: number }).status !== 429) throw asUnavailable('Redis', error);
      const headers = (error as { headers?: Record<string, unknown> }).headers ?? {};
      removeLibraryHeaders(ctx);
      ctx.remove('Retry-After');
      const limited = decision(limit, 0, headers[HEADER_NAMES.reset]);
      // koa-ratelimit left its own object here; keep the documented shape.
      ctx.state.rateLimit = limited.info;
      rateLimitRejections.inc({ category });
      throw tooManyRequests(limited, windowMs);
    }
  };
}

function removeLibraryHeaders(ctx: Context): void {
  for (const name of Object.values(HEADER_NAMES)) ctx.remove(name);
}

function missingId(): never {
  throw new Error('rate limit applied without a verified key id');
}
