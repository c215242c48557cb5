import { describe, expect, it } from 'vitest';
import {
  createSignInThrottle,
  FAILURE_WINDOW_MS,
  MAX_ACCOUNT_FAILURES,
  MAX_ADDRESS_FAILURES,
  MAX_FAILURES,
} from './sign-in-throttle.ts';

describe('createSignInThrottle', () => {
  it(`blocks an email+address after ${MAX_FAILURES} failures until the window ends`, () => {
    let now = 1_000_000;
    const throttle = createSignInThrottle(() => now);
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      expect(throttle.retryAfterS('A@example.com ', '10.0.0.1')).toBe(0);
      throttle.recordFailure('a@example.com', '10.0.0.1');
    }
    expect(throttle.retryAfterS('a@example.com', '10.0.0.1')).toBe(FAILURE_WINDOW_MS / 1000);
    expect(throttle.retryAfterS('a@example.com', '10.0.0.2')).toBe(0);
    expect(throttle.retryAfterS('b@example.com', '10.0.0.1')).toBe(0);
    now += FAILURE_WINDOW_MS + 1;
    expect(throttle.retryAfterS('a@example.com', '10.0.0.1')).toBe(0);
  });

  it('forgets failures after a successful sign-in', () => {
    const throttle = createSignInThrottle();
    for (let i = 0; i < MAX_FAILURES; i += 1) throttle.recordFailure('a@example.com', '::1');
    throttle.reset('a@example.com', '::1');
    expect(throttle.retryAfterS('a@example.com', '::1')).toBe(0);
  });

  it(`blocks an address after ${MAX_ADDRESS_FAILURES} failures across different emails`, () => {
    const throttle = createSignInThrottle(() => 5_000);
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i += 1) throttle.recordFailure(`user${i}@example.com`, '10.0.0.9');
    expect(throttle.retryAfterS('fresh@example.com', '10.0.0.9')).toBe(FAILURE_WINDOW_MS / 1000);
    expect(throttle.retryAfterS('fresh@example.com', '10.0.0.10')).toBe(0);
  });

  it(`blocks an account after ${MAX_ACCOUNT_FAILURES} failures spread over many addresses`, () => {
    const throttle = createSignInThrottle(() => 5_000);
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i += 1)
      throttle.recordFailure('target@example.com', `10.1.${Math.floor(i / 4)}.${i}`);
    expect(throttle.retryAfterS('target@example.com', '192.0.2.1')).toBe(FAILURE_WINDOW_MS / 1000);
    expect(throttle.retryAfterS('other@example.com', '192.0.2.1')).toBe(0);
  });
});
