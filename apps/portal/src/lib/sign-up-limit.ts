// Sign-up attempts one client address may make per hour (SIGN_UP_LIMIT_PER_HOUR), so per-key
// quotas cannot be multiplied without bound by making accounts (each holds at most 25 keys),
// and emails cannot be tried one after another to learn which have accounts. Every attempt
// with a well-formed email and password counts, whether the email was new or not, from the
// moment it begins (before the password is hashed); only one the portal could not judge (a
// dependency down) is given back. Per portal instance, bounded (attempt-counter.ts); the
// abuse model is in docs/reliability.md.
import { createAttemptCounter } from './attempt-counter.ts';
import { portalConfig } from './portal-config.ts';

const WINDOW_MS = 60 * 60 * 1000;

export interface SignUpLimit {
  /** Counts a sign-up attempt from `address`: 0 when counted, else seconds until it may try again. */
  begin(address: string): number;
  /** Gives an attempt back (the portal could not judge it). */
  giveBack(address: string): void;
}

export function createSignUpLimit(limitPerHour: number, now: () => number = Date.now): SignUpLimit {
  const attempts = createAttemptCounter(limitPerHour, WINDOW_MS, now);
  return {
    begin(address) {
      const waitS = attempts.waitS(address);
      if (waitS === 0) attempts.count(address);
      return waitS;
    },
    giveBack: (address) => attempts.giveBack(address),
  };
}

let instance: SignUpLimit | undefined;

/** The portal process's limit, made on first use from the config. */
export function signUpLimit(): SignUpLimit {
  instance ??= createSignUpLimit(portalConfig().signUpLimitPerHour);
  return instance;
}
