import { describe, expect, it } from 'vitest';
import { ownedCopy } from './kept-bytes.ts';

describe('ownedCopy', () => {
  it('copies a slice of the shared pool into a buffer of its own size', () => {
    const pooled = Buffer.from('{"a":1}');
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length + 1024);
    const kept = ownedCopy(pooled);
    expect(kept.equals(pooled)).toBe(true);
    expect(kept.buffer.byteLength).toBe(pooled.length);
  });

  it('keeps a buffer that is already about its own size as it is', () => {
    const own = Buffer.alloc(32 * 1024, 1).subarray(0, 32 * 1024 - 200);
    expect(ownedCopy(own)).toBe(own);
  });
});
