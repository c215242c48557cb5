import { describe, expect, it } from 'vitest';
import {
  createSignInThrottle,
  FAILURE_WINDOW_MS,
  MAX_ACCOUNT_FAILURES,
  MAX_ADDRESS_FAILURES,
  MAX_FAILURES,
  type SignInThrottle,
} from './sign-in-throttle.ts';

/** An attempt that failed (the password was wrong): begun and left counted. */
function fail(throttle: SignInThrottle, email: string, address: string): void {
  expect(throttle.begin(email, address).allowed).toBe(true);
}

const waitS = (throttle: SignInThrottle, email: string, address: string): number => {
  const started = throttle.begin(email, address);
  if (!started.allowed) return started.retryAfterS;
  started.attempt.abandoned();
  return 0;
};

describe('createSignInThrottle', () => {
  it(`blocks an email+address after ${MAX_FAILURES} failures until the window ends`, () => {
    let now = 1_000_000;
    const throttle = createSignInThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES; i += 1) fail(throttle, i === 0 ? 'A@example.com ' : 'a@example.com', '10.0.0.1');
    expect(waitS(throttle, 'a@example.com', '10.0.0.1')).toBe(FAILURE_WINDOW_MS / 1000);
    expect(waitS(throttle, 'a@example.com', '10.0.0.2')).toBe(0);
    expect(waitS(throttle, 'b@example.com', '10.0.0.1')).toBe(0);
    now += FAILURE_WINDOW_MS + 1;
    expect(waitS(throttle, 'a@example.com', '10.0.0.1')).toBe(0);
  });

  it('counts attempts as they begin: of 30 at once, 5 go on to the password check', () => {
    const throttle = createSignInThrottle(() => 1_000);
    const started = Array.from({ length: 30 }, () => throttle.begin('a@example.com', '10.0.0.5'));
    expect(started.filter((each) => each.allowed)).toHaveLength(MAX_FAILURES);
  });

  it('forgets failures after a successful sign-in, and gives that attempt back', () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < MAX_FAILURES - 1; i += 1) fail(throttle, 'a@example.com', '::1');
    const right = throttle.begin('a@example.com', '::1');
    if (!right.allowed) throw new Error('the fifth attempt was refused');
    right.attempt.succeeded();
    for (let i = 0; i < MAX_FAILURES; i += 1) fail(throttle, 'a@example.com', '::1');
    expect(waitS(throttle, 'a@example.com', '::1')).toBeGreaterThan(0);
  });

  it('gives back an attempt that could not be judged', () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < MAX_FAILURES + 3; i += 1) {
      const started = throttle.begin('a@example.com', '10.0.0.6');
      if (!started.allowed) throw new Error('an abandoned attempt was counted');
      started.attempt.abandoned();
    }
  });

  it(`blocks an address after ${MAX_ADDRESS_FAILURES} failures across different emails`, () => {
    const throttle = createSignInThrottle(() => 5_000);
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i += 1) fail(throttle, `user${i}@example.com`, '10.0.0.9');
    expect(waitS(throttle, 'fresh@example.com', '10.0.0.9')).toBe(FAILURE_WINDOW_MS / 1000);
    expect(waitS(throttle, 'fresh@example.com', '10.0.0.10')).toBe(0);
  });

  it(`blocks an account after ${MAX_ACCOUNT_FAILURES} failures spread over many addresses`, () => {
    const throttle = createSignInThrottle(() => 5_000);
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i += 1)
      fail(throttle, 'target@example.com', `10.1.${Math.floor(i / 4)}.${i}`);
    expect(waitS(throttle, 'target@example.com', '192.0.2.1')).toBe(FAILURE_WINDOW_MS / 1000);
    expect(waitS(throttle, 'other@example.com', '192.0.2.1')).toBe(0);
  });
});
