import { describe, expect, it } from 'vitest';
import { createSignUpLimit } from './sign-up-limit.ts';

describe('createSignUpLimit', () => {
  it('allows the configured number of sign-ups per address per hour, then says how long to wait', () => {
    let now = 1_000_000;
    const limit = createSignUpLimit(2, () => now);
    limit.recordSignUp('10.0.0.1');
    expect(limit.retryAfterS('10.0.0.1')).toBe(0);
    limit.recordSignUp('10.0.0.1');
    expect(limit.retryAfterS('10.0.0.1')).toBe(3600);
    expect(limit.retryAfterS('10.0.0.2')).toBe(0);
    now += 3600 * 1000;
    expect(limit.retryAfterS('10.0.0.1')).toBe(0);
  });
});
