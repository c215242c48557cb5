import { describe, expect, it } from 'vitest';
import { createSignUpLimit } from './sign-up-limit.ts';

describe('createSignUpLimit', () => {
  it('counts the configured number of attempts per address per hour, then says how long to wait', () => {
    let now = 1_000_000;
    const limit = createSignUpLimit(2, () => now);
    expect(limit.begin('10.0.0.1')).toBe(0);
    expect(limit.begin('10.0.0.1')).toBe(0);
    expect(limit.begin('10.0.0.1')).toBe(3600);
    expect(limit.begin('10.0.0.2')).toBe(0);
    now += 3600 * 1000;
    expect(limit.begin('10.0.0.1')).toBe(0);
  });

  it('counts each attempt as it begins, so attempts made at once cannot all pass', () => {
    const limit = createSignUpLimit(5, () => 1_000);
    const waits = Array.from({ length: 12 }, () => limit.begin('10.0.0.3'));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });

  it('gives back an attempt the portal could not judge', () => {
    const limit = createSignUpLimit(1, () => 1_000);
    expect(limit.begin('10.0.0.4')).toBe(0);
    limit.giveBack('10.0.0.4');
    expect(limit.begin('10.0.0.4')).toBe(0);
    expect(limit.begin('10.0.0.4')).toBeGreaterThan(0);
  });
});
