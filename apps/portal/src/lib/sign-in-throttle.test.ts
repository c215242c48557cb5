import { describe, expect, it } from 'vitest';
import { createSignInThrottle, FAILURE_WINDOW_MS, MAX_FAILURES } from './sign-in-throttle.ts';

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
});
