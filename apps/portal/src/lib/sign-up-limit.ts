// Accounts one client address may create per hour (SIGN_UP_LIMIT_PER_HOUR), so
// per-key quotas cannot be multiplied without bound by making accounts (each
// holds at most 25 keys). Per portal instance, in a bounded cache; the abuse
// model is in docs/reliability.md.
import { LRUCache } from 'lru-cache';
import { portalConfig } from './portal-config.ts';

const WINDOW_MS = 60 * 60 * 1000;
const MAX_TRACKED = 10_000;

export interface SignUpLimit {
  /** Seconds until this address may create another account, 0 when it may now. */
  retryAfterS(address: string): number;
  recordSignUp(address: string): void;
}

export function createSignUpLimit(limitPerHour: number, now: () => number = Date.now): SignUpLimit {
  const created = new LRUCache<string, { count: number; firstAt: number }>({ max: MAX_TRACKED, ttl: WINDOW_MS });
  const current = (address: string) => {
    const entry = created.get(address);
    return entry && now() - entry.firstAt < WINDOW_MS ? entry : undefined;
  };
  return {
    retryAfterS(address) {
      const entry = current(address);
      if (!entry || entry.count < limitPerHour) return 0;
      return Math.max(1, Math.ceil((entry.firstAt + WINDOW_MS - now()) / 1000));
    },
    recordSignUp(address) {
      const entry = current(address);
      if (entry) entry.count += 1;
      else created.set(address, { count: 1, firstAt: now() });
    },
  };
}

let instance: SignUpLimit | undefined;

/** The portal process's limit, made on first use from the config. */
export function signUpLimit(): SignUpLimit {
  instance ??= createSignUpLimit(portalConfig().signUpLimitPerHour);
  return instance;
}
