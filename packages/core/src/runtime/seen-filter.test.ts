import { describe, expect, it } from 'vitest';
import { keyHashes, seenFilter } from './seen-filter.ts';

const BITS = 1 << 20;

describe('seenFilter', () => {
  it('says no the first time a key is seen in a generation and yes after', () => {
    const seen = seenFilter(BITS);
    expect(seen(keyHashes('51.5072,-0.1276,2026-03-20'), 0)).toBe(false);
    expect(seen(keyHashes('51.5072,-0.1276,2026-03-20'), 0)).toBe(true);
    expect(seen(keyHashes('51.5072,-0.1276,2026-03-21'), 0)).toBe(false);
  });

  it('remembers the generation before, and forgets what is two generations old', () => {
    const seen = seenFilter(BITS);
    seen(keyHashes('a'), 7);
    seen(keyHashes('b'), 7);
    expect(seen(keyHashes('a'), 8)).toBe(true);
    expect(seen(keyHashes('b'), 9)).toBe(false);
    // A jump of more than one generation forgets both.
    expect(seen(keyHashes('a'), 12)).toBe(false);
  });

  it('tells thousands of distinct keys apart', () => {
    const seen = seenFilter(BITS);
    const keys = Array.from({ length: 16_384 }, (_, i) => `${(i / 100).toFixed(4)},${(i * 7) % 360},2026-03-20`);
    // Two bits of 2^20 per key: a false "seen" is rare at this count.
    expect(keys.filter((key) => seen(keyHashes(key), 0)).length).toBeLessThan(50);
    expect(keys.every((key) => seen(keyHashes(key), 0))).toBe(true);
  });
});
