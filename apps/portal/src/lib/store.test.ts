import { describe, expect, it } from 'vitest';
import { createLazyStore } from './store.ts';

describe('createLazyStore', () => {
  it('opens once, and opens again on the next use after a failed open (PostgreSQL down at first use)', async () => {
    const opened = { name: 'the stores', close: async () => undefined };
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

  it('close() closes what it opened (also an open still in progress) and nothing when never opened', async () => {
    let closed = 0;
    const never = createLazyStore(async () => ({ close: async () => void (closed += 1) }));
    await never.close();
    expect(closed).toBe(0);
    let finishOpen = () => {};
    const store = createLazyStore(
      () =>
        new Promise<{ close(): Promise<void> }>(
          (resolve) => (finishOpen = () => resolve({ close: async () => void (closed += 1) })),
        ),
    );
    void store();
    const closing = store.close();
    finishOpen();
    await closing;
    expect(closed).toBe(1);
  });

  it('close() after a failed open closes nothing and does not throw', async () => {
    const store = createLazyStore<{ close(): Promise<void> }>(() => Promise.reject(new Error('connect ECONNREFUSED')));
    await expect(store()).rejects.toThrow();
    await expect(store.close()).resolves.toBeUndefined();
  });
});
