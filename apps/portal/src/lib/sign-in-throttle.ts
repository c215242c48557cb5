// Failed sign-ins are throttled per email + client address (brute force on one
// account from one place) in a bounded cache, so an attacker cannot grow it.
import { LRUCache } from 'lru-cache';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_TRACKED = 10_000;

export interface SignInThrottle {
  /** Seconds until another attempt is allowed, 0 when allowed now. */
  retryAfterS(email: string, address: string): number;
  recordFailure(email: string, address: string): void;
  reset(email: string, address: string): void;
}

interface Failures {
  count: number;
  firstAt: number;
}

export function createSignInThrottle(now: () => number = Date.now): SignInThrottle {
  const failures = new LRUCache<string, Failures>({ max: MAX_TRACKED, ttl: FAILURE_WINDOW_MS });
  const keyOf = (email: string, address: string) => `${email.trim().toLowerCase()}\n${address}`;
  // The cache TTL only bounds memory; the window itself is checked here, exactly.
  const current = (key: string): Failures | undefined => {
    const entry = failures.get(key);
    return entry && now() - entry.firstAt < FAILURE_WINDOW_MS ? entry : undefined;
  };
  return {
    retryAfterS(email, address) {
      const entry = current(keyOf(email, address));
      if (!entry || entry.count < MAX_FAILURES) return 0;
      return Math.max(1, Math.ceil((entry.firstAt + FAILURE_WINDOW_MS - now()) / 1000));
    },
    recordFailure(email, address) {
      const key = keyOf(email, address);
      const entry = current(key);
      if (entry) entry.count += 1;
      // The TTL runs from the first failure, so the window does not slide forever.
      else failures.set(key, { count: 1, firstAt: now() });
    },
    reset(email, address) {
      failures.delete(keyOf(email, address));
    },
  };
}

/** The portal process's throttle (one per instance; see the self-hosting guide). */
export const signInThrottle = createSignInThrottle();
