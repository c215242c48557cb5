import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installClockSkip } from '@ira/testing/clock-skip';
import { createKeyRateLimit, type KeyRateLimit, type MemoryWindow } from './key-rate-limit.ts';

// A real Koa app on a loopback port: each request names its key id and limit in
// the query, goes through the limiter, and answers the decision it saw as JSON.
let limiter: KeyRateLimit;
let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  app.use(async function errorAsJson(ctx, next) {
    try {
      await next();
    } catch (error) {
      ctx.status = (error as { status?: number }).status ?? 500;
      ctx.set((error as { headers?: Record<string, string> }).headers ?? {});
      ctx.body = { error: (error as Error).message };
    }
  });
  app.use(async function limited(ctx) {
    const decision = await limiter(ctx, String(ctx.query.key), Number(ctx.query.max));
    ctx.body = { ...decision, headers: ctx.response.headers };
  });
  server = http.createServer(app.callback()).listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
});

afterEach(() => {
  vi.useRealTimers();
});

async function hit(key: string, max: number) {
  const response = await fetch(`${base}/?key=${key}&max=${max}`);
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown> & { info?: { remaining: number }; resetAtMs?: number },
  };
}

describe('createKeyRateLimit (memory driver)', () => {
  it('sweeps expired windows so the Map does not keep every key ever seen', async () => {
    // koa-ratelimit's memory driver reads process.hrtime, the sweep reads Date.
    vi.useFakeTimers({ toFake: ['Date', 'hrtime'] });
    const memoryDb = new Map<string, MemoryWindow>();
    limiter = createKeyRateLimit({ category: 'general', windowMs: 1_000, redis: null, memoryDb });
    await hit('key-a', 5);
    await hit('key-b', 5);
    expect([...memoryDb.keys()]).toEqual(['ira:ratelimit:general:key-a', 'ira:ratelimit:general:key-b']);
    vi.advanceTimersByTime(1_100);
    await hit('key-c', 5);
    expect([...memoryDb.keys()]).toEqual(['ira:ratelimit:general:key-c']);
  });

  it('gives the remaining count after this request and the reset instant, and hides the library headers', async () => {
    limiter = createKeyRateLimit({ category: 'calculation', windowMs: 60_000, redis: null });
    const seen: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const { status, body } = await hit('key', 3);
      expect(status).toBe(200);
      seen.push(body.info!.remaining);
      expect(body.resetAtMs! - Date.now()).toBeGreaterThan(55_000);
      expect(Object.keys(body.headers as object).filter((name) => name.startsWith('x-ratelimit'))).toEqual([]);
    }
    expect(seen).toEqual([2, 1, 0]);
    expect((await hit('key', 3)).status).toBe(429);
  });
});

describe('createKeyRateLimit (redis driver)', async () => {
  const { backendAvailable, TEST_REDIS_URL } = await import('@ira/testing/test-backends');
  const available = await backendAvailable('Redis rate limit', TEST_REDIS_URL);

  it.skipIf(!available)(
    'never says Retry-After earlier than the oldest counted request leaves the window',
    async () => {
      const { connectRedis } = await import('../service-deps.ts');
      const redis = await connectRedis(TEST_REDIS_URL);
      const namespace = `ira:test:retry-after:${process.pid}:${Date.now()}`;
      const windowMs = 60_000;
      limiter = createKeyRateLimit({ category: 'general', windowMs, redis, namespace });
      try {
        for (let i = 0; i < 2; i += 1) expect((await hit('key', 2)).status).toBe(200);
        // The limiter's own record: a sorted set of request times in ms; the oldest leaves at oldest + window.
        const oldest = Number((await redis.zrange(`${namespace}:general:key`, 0, 0))[0]);
        // The driver reports that instant rounded down to the second, losing `lost` ms. Ask
        // when the true wait is a whole number of seconds plus half of that: rounding
        // the truncated instant up then gives a wait too short by a second. The request
        // times are the client's clock, so the test skips the clocks there instead of waiting.
        const lost = (oldest + windowMs) % 1000;
        const clocks = installClockSkip();
        onTestFinished(() => clocks.restore());
        clocks.advance(Math.max(0, Math.round(oldest + 1000 - lost / 2 - Date.now())));
        const limited = await hit('key', 2);
        expect(limited.status).toBe(429);
        const retryAfterS = Number(limited.headers.get('Retry-After'));
        expect(Date.now() + retryAfterS * 1000).toBeGreaterThanOrEqual(oldest + windowMs);
      } finally {
        await redis.quit();
      }
    },
  );
});
