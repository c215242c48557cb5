import { describe, expect, it } from 'vitest';
import { createLazyStore } from './store.ts';

describe('createLazyStore', () => {
  it('opens once, and opens again on the next use after a failed open (PostgreSQL down at first use)', async () => {
    const opened = { name: 'the stores' };
    let attempts = 0;
    const store = createLazyStore(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      return opened;
    });
    await expect(store()).rejects.toThrow(/ECONNREFUSED/);
    expect(await store()).toBe(opened);
    expect(await store()).toBe(opened);
    expect(attempts).toBe(2);
  });
});
