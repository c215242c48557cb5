import type { Context } from 'koa';
import { describe, expect, it } from 'vitest';
import { createKeyRateLimit, type MemoryWindow } from './key-rate-limit.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Just enough of a Koa context for koa-ratelimit: response headers and status. */
function fakeContext(): Context {
  const headers = new Map<string, string>();
  const ctx = {
    state: {},
    status: 200,
    body: undefined as unknown,
    set(name: string | Record<string, unknown>, value?: unknown) {
      if (typeof name === 'string') headers.set(name.toLowerCase(), String(value));
      else for (const [key, item] of Object.entries(name)) headers.set(key.toLowerCase(), String(item));
    },
    remove: (name: string) => void headers.delete(name.toLowerCase()),
    response: { get: (name: string) => headers.get(name.toLowerCase()) ?? '' },
    throw(status: number, message: string, props: object) {
      throw Object.assign(new Error(message), { status }, props);
    },
  };
  return ctx as unknown as Context;
}

describe('createKeyRateLimit (memory driver)', () => {
  it('sweeps expired windows so the Map does not keep every key ever seen', async () => {
    const memoryDb = new Map<string, MemoryWindow>();
    const limit = createKeyRateLimit({ category: 'general', windowMs: 1_000, redis: null, memoryDb });
    const pass = async () => {};
    await limit(fakeContext(), 'key-a', 5, pass);
    await limit(fakeContext(), 'key-b', 5, pass);
    expect([...memoryDb.keys()]).toEqual(['ira:ratelimit:general:key-a', 'ira:ratelimit:general:key-b']);
    await sleep(1_100);
    await limit(fakeContext(), 'key-c', 5, pass);
    expect([...memoryDb.keys()]).toEqual(['ira:ratelimit:general:key-c']);
  });

  it('gives the remaining count after this request and the reset instant to next', async () => {
    const limit = createKeyRateLimit({ category: 'calculation', windowMs: 60_000, redis: null });
    const seen: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      await limit(fakeContext(), 'key', 3, async ({ info, resetAtMs }) => {
        seen.push(info.remaining);
        expect(resetAtMs - Date.now()).toBeGreaterThan(55_000);
      });
    }
    expect(seen).toEqual([2, 1, 0]);
    await expect(limit(fakeContext(), 'key', 3, async () => {})).rejects.toMatchObject({ status: 429 });
  });

  it('passes errors thrown after the limiter through untouched', async () => {
    const limit = createKeyRateLimit({ category: 'general', windowMs: 60_000, redis: null });
    const routeError = Object.assign(new Error('route failed'), { status: 429 });
    await expect(limit(fakeContext(), 'key', 3, async () => Promise.reject(routeError))).rejects.toBe(routeError);
  });
});
