import { describe, expect, it } from 'vitest';
import { createAskedBefore } from './asked-before.ts';

describe('createAskedBefore', () => {
  it('says no the first time a key is asked for and yes afterwards', () => {
    const askedBefore = createAskedBefore(10);
    expect(askedBefore('a')).toBe(false);
    expect(askedBefore('a')).toBe(true);
    expect(askedBefore('b')).toBe(false);
    expect(askedBefore('a')).toBe(true);
  });

  it('forgets the least recently asked keys beyond its bound', () => {
    const askedBefore = createAskedBefore(2);
    askedBefore('a');
    askedBefore('b');
    askedBefore('c');
    expect(askedBefore('a')).toBe(false);
    expect(askedBefore('c')).toBe(true);
  });
});
