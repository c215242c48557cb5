import { describe, expect, it } from 'vitest';
import { createAskedBefore } from './asked-before.ts';

describe('createAskedBefore', () => {
  it('says no the first time a key is asked and yes after', () => {
    const askedBefore = createAskedBefore();
    expect(askedBefore('51.5072,-0.1276,2026-03-20')).toBe(false);
    expect(askedBefore('51.5072,-0.1276,2026-03-20')).toBe(true);
    expect(askedBefore('51.5072,-0.1276,2026-03-20')).toBe(true);
    expect(askedBefore('51.5072,-0.1276,2026-03-21')).toBe(false);
  });

  it('tells thousands of distinct keys apart', () => {
    const askedBefore = createAskedBefore();
    const keys = Array.from({ length: 5_000 }, (_, i) => `${(i / 100).toFixed(4)},${(i * 7) % 360},2026-03-20`);
    expect(keys.filter(askedBefore)).toEqual([]);
    // Most are still remembered: with 5,000 keys hashed at random into 16,384 slots, about
    // 86% keep their slot through the first pass, and the second pass's misses take a few
    // more (a hash that spread the keys badly would remember far fewer).
    expect(keys.filter(askedBefore).length).toBeGreaterThan(3_500);
  });

  it('forgets a key once others have taken every slot', () => {
    const askedBefore = createAskedBefore(4);
    askedBefore('kept?');
    for (let i = 0; i < 64; i++) askedBefore(`other ${i}`);
    expect(askedBefore('kept?')).toBe(false);
  });

  it('takes only a power of two of slots', () => {
    expect(() => createAskedBefore(1000)).toThrow('slots must be a power of two, got 1000');
  });
});
