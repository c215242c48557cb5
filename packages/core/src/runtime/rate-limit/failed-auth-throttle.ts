// Key guessing defence (docs/api-decisions.md "Authentication"): once an address has sent too
// many requests without a valid key, its further failures get 429 instead of 401
// for the rest of the window. A valid key always passes, so one client's typos do
// not lock out others behind the same address.
import { LRUCache } from 'lru-cache';
import type { LimitCategory } from '../../contract/envelope.ts';
import { ApiError } from '../../contract/errors.ts';
import { rateLimitRejections } from '../observe/metrics.ts';

export const FAILED_AUTH_LIMIT = 30;
export const FAILED_AUTH_WINDOW_MS = 60_000;
/** Addresses tracked at once; the least recently seen fall out first. */
export const FAILED_AUTH_MAX_ADDRESSES = 10_000;

export interface FailedAuthThrottleOptions {
  limit?: number;
  windowMs?: number;
  maxAddresses?: number;
}

export interface FailedAuthThrottle {
  /** Throws the 429 when `address` has used up its failures in this window. */
  assertAllowed(address: string, category: LimitCategory): void;
  recordFailure(address: string): void;
}

interface FailureWindow {
  count: number;
  resetAtMs: number;
}

export function createFailedAuthThrottle(options: FailedAuthThrottleOptions = {}): FailedAuthThrottle {
  const limit = options.limit ?? FAILED_AUTH_LIMIT;
  const windowMs = options.windowMs ?? FAILED_AUTH_WINDOW_MS;
  const failures = new LRUCache<string, FailureWindow>({ max: options.maxAddresses ?? FAILED_AUTH_MAX_ADDRESSES });

  function current(address: string, nowMs: number): FailureWindow | undefined {
    const entry = failures.get(address);
    return entry && entry.resetAtMs > nowMs ? entry : undefined;
  }

  return {
    assertAllowed(address, category) {
      const nowMs = Date.now();
      const entry = current(address, nowMs);
      if (entry === undefined || entry.count < limit) return;
      const retryAfterS = Math.max(1, Math.ceil((entry.resetAtMs - nowMs) / 1000));
      rateLimitRejections.inc({ category: 'unauthenticated' });
      throw new ApiError(
        429,
        {
          success: false,
          error: 'Too Many Requests',
          message: `Too many requests without a valid API key from this address; retry in ${retryAfterS} s.`,
          rateLimit: { category, limit, remaining: 0, nextResetAt: new Date(entry.resetAtMs).toISOString() },
        },
        { 'Retry-After': String(retryAfterS) },
      );
    },
    recordFailure(address) {
      const nowMs = Date.now();
      const entry = current(address, nowMs);
      if (entry) entry.count += 1;
      else failures.set(address, { count: 1, resetAtMs: nowMs + windowMs });
    },
  };
}
