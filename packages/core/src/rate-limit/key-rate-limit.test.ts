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

describe('createKeyRateLimit (redis driver)', async () => {
  const { backendAvailable, TEST_REDIS_URL } = await import('../test-backends.ts');
  const available = await backendAvailable('Redis rate limit', TEST_REDIS_URL);

  it.skipIf(!available)('never says Retry-After earlier than the oldest counted request leaves the window', async () => {
    const { connectRedis } = await import('../service-deps.ts');
    const redis = await connectRedis(TEST_REDIS_URL);
    const namespace = `ira:test:retry-after:${process.pid}:${Date.now()}`;
    const windowMs = 60_000;
    const limit = createKeyRateLimit({ category: 'general', windowMs, redis, namespace });
    try {
      for (let i = 0; i < 2; i += 1) await limit(fakeContext(), 'key', 2, async () => {});
      // The limiter's own record: a sorted set of request times in ms; the oldest leaves at oldest + window.
      const oldest = Number((await redis.zrange(`${namespace}:general:key`, 0, 0))[0]);
      // The driver reports that instant rounded down to the second, losing `lost` ms. Ask
      // when the true wait is a whole number of seconds plus half of that: rounding
      // the truncated instant up then gives a wait too short by a second.
      const lost = (oldest + windowMs) % 1000;
      await sleep(Math.max(0, oldest + 1000 - lost / 2 - Date.now()));
      const error = (await limit(fakeContext(), 'key', 2, async () => {}).catch((caught: unknown) => caught)) as { headers: Record<string, string> };
      const retryAfterS = Number(error.headers['Retry-After']);
      expect(Date.now() + retryAfterS * 1000).toBeGreaterThanOrEqual(oldest + windowMs);
    } finally {
      await redis.quit();
    }
  });
});
