import { describe, expect, it } from 'vitest';
import { createAttemptCounter, MAX_TRACKED_KEYS } from './attempt-counter.ts';

describe('createAttemptCounter', () => {
  it('tells keys apart by all of their text, however long', () => {
    const counter = createAttemptCounter(1, 60_000, () => 1_000);
    const long = `${'a'.repeat(63 * 1024)}@example.com`;
    counter.count(long);
    expect(counter.waitS(long)).toBe(60);
    expect(counter.waitS(`${'a'.repeat(63 * 1024 - 1)}b@example.com`)).toBe(0);
  });

  it(`forgets the least recently used keys past ${MAX_TRACKED_KEYS}`, () => {
    const counter = createAttemptCounter(1, 60_000, () => 1_000);
    for (let i = 0; i <= MAX_TRACKED_KEYS; i += 1) counter.count(`key ${i}`);
    expect(counter.waitS('key 0')).toBe(0);
    expect(counter.waitS(`key ${MAX_TRACKED_KEYS}`)).toBe(60);
  });
});
