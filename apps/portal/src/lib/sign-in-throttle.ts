// Failed sign-ins, counted three ways (attempt-counter.ts, bounded):
// - per account and address (5 / 15 min): guessing one account from one place;
// - per address, any account (20 / 15 min): one place trying many accounts,
//   which also bounds the Argon2 work one client can cause;
// - per account, any address (50 / 15 min): guessing spread over many places.
// An attempt counts as a failure from the moment it begins, before the password is hashed,
// and is given back if the password was right: 30 guesses sent at once meet the limit
// after 5, not after the first answer. Addresses are the real clients' (TRUST_PROXY), so
// failures from one client behind a proxy do not lock the owner out elsewhere. The abuse
// model is in docs/reliability.md.
import { createAttemptCounter } from './attempt-counter.ts';

export const MAX_FAILURES = 5;
export const MAX_ADDRESS_FAILURES = 20;
export const MAX_ACCOUNT_FAILURES = 50;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export interface SignInAttempt {
  /** The password was right: the attempt is given back and this account's failures from this address forgotten. */
  succeeded(): void;
  /** The attempt could not be judged (a dependency down, too many hashes at once): given back. */
  abandoned(): void;
}

export type SignInStart = { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfterS: number };

export interface SignInThrottle {
  /** Counts a sign-in attempt as a failure unless a limit is reached (then how long to wait). */
  begin(email: string, address: string): SignInStart;
}

export function createSignInThrottle(now: () => number = Date.now): SignInThrottle {
  const pairs = createAttemptCounter(MAX_FAILURES, FAILURE_WINDOW_MS, now);
  const addresses = createAttemptCounter(MAX_ADDRESS_FAILURES, FAILURE_WINDOW_MS, now);
  const accounts = createAttemptCounter(MAX_ACCOUNT_FAILURES, FAILURE_WINDOW_MS, now);
  return {
    begin(email, address) {
      const account = email.trim().toLowerCase();
      const pair = `${account}\n${address}`;
      const counted = [
        [pairs, pair],
        [addresses, address],
        [accounts, account],
      ] as const;
      const retryAfterS = Math.max(...counted.map(([counter, key]) => counter.waitS(key)));
      if (retryAfterS > 0) return { allowed: false, retryAfterS };
      for (const [counter, key] of counted) counter.count(key);
      const giveBack = () => {
        for (const [counter, key] of counted) counter.giveBack(key);
      };
      return {
        allowed: true,
        attempt: {
          succeeded() {
            giveBack();
            pairs.reset(pair);
          },
          abandoned: giveBack,
        },
      };
    },
  };
}

/** The portal process's throttle (one per instance; see the self-hosting guide). */
export const signInThrottle = createSignInThrottle();
