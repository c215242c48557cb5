// Failed sign-ins, counted three ways in bounded caches (an attacker cannot grow them):
// - per account and address (5 / 15 min): guessing one account from one place;
// - per address, any account (20 / 15 min): one place trying many accounts,
//   which also bounds the Argon2 work one client can cause;
// - per account, any address (50 / 15 min): guessing spread over many places.
// Addresses are the real clients' (TRUST_PROXY), so failures from one client
// behind a proxy do not lock the owner out elsewhere. The abuse model is in
// docs/reliability.md.
import { LRUCache } from 'lru-cache';

export const MAX_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
export const MAX_ACCOUNT_FAILURES = 50;
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

function createCounter(limit: number, now: () => number) {
  const failures = new LRUCache<string, Failures>({ max: MAX_TRACKED, ttl: FAILURE_WINDOW_MS });
  // The cache TTL only bounds memory; the window itself is checked here, exactly.
  const current = (key: string): Failures | undefined => {
    const entry = failures.get(key);
    return entry && now() - entry.firstAt < FAILURE_WINDOW_MS ? entry : undefined;
  };
  return {
    retryAfterS(key: string): number {
      const entry = current(key);
      if (!entry || entry.count < limit) return 0;
      return Math.max(1, Math.ceil((entry.firstAt + FAILURE_WINDOW_MS - now()) / 1000));
    },
    record(key: string): void {
      const entry = current(key);
      if (entry) entry.count += 1;
      // The window runs from the first failure, so it does not slide forever.
      else failures.set(key, { count: 1, firstAt: now() });
    },
    reset(key: string): void {
      failures.delete(key);
    },
  };
}

export function createSignInThrottle(now: () => number = Date.now): SignInThrottle {
  const pairs = createCounter(MAX_FAILURES, now);
  const addresses = createCounter(MAX_ADDRESS_FAILURES, now);
  const accounts = createCounter(MAX_ACCOUNT_FAILURES, now);
  const account = (email: string) => email.trim().toLowerCase();
  const pair = (email: string, address: string) => `${account(email)}\n${address}`;
  return {
    retryAfterS(email, address) {
      return Math.max(
        pairs.retryAfterS(pair(email, address)),
        addresses.retryAfterS(address),
        accounts.retryAfterS(account(email)),
      );
    },
    recordFailure(email, address) {
      pairs.record(pair(email, address));
      addresses.record(address);
      accounts.record(account(email));
    },
    reset(email, address) {
      pairs.reset(pair(email, address));
    },
  };
}

/** The portal process's throttle (one per instance; see the self-hosting guide). */
export const signInThrottle = createSignInThrottle();
