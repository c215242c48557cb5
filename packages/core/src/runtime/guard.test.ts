import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Redis } from 'ioredis';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { installClockSkip, type ClockSkip } from '@ira/testing/clock-skip';
import { backendAvailable, TEST_REDIS_URL } from '@ira/testing/test-backends';
import type { LimitCategory } from '../contract/envelope.ts';
import { badRequest, notFound } from '../contract/errors.ts';
import { createErrorHandler } from './middleware/error-handler.ts';
import { createGuard, type GuardOptions } from './guard.ts';
import { generateApiKey, hashKey } from './keys/api-key.ts';
import { issueKey, revokeKey } from './keys/key-service.ts';
import { KEY_CACHE_TTL_MS } from './keys/key-verifier.ts';
import { openSqliteStore } from './keys/sqlite-store.ts';
import type { KeyLimits, KeyStore } from './keys/types.ts';
import { FAILED_AUTH_WINDOW_MS } from './rate-limit/failed-auth-throttle.ts';
import { connectRedis } from './service-deps.ts';
import { createUsageRecorder, type UsageRecorder } from './usage-recorder.ts';

const UNAUTHORIZED_BODY = { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' };
const WINDOW_MS = 60_000;

const redisAvailable = await backendAvailable('Redis rate-limit', TEST_REDIS_URL);
const RUN_ID = `ira-test:${randomUUID()}`;

let dir = '';
let store: KeyStore;
let redis: Redis | null = null;
const servers: Server[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ira-guard-'));
  store = openSqliteStore(path.join(dir, 'ira.sqlite'));
  if (redisAvailable) redis = await connectRedis(TEST_REDIS_URL);
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  if (redis) {
    const keys = await redis.keys(`${RUN_ID}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  }
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

// The tests look into bodies freely; the shapes are what they assert.
const readJson = (response: Response) => response.json() as Promise<any>;

/**
 * The process's clocks, which the test moves forward instead of sleeping through a window
 * or a TTL (real sockets, Redis and timers keep real time); real again when the test ends.
 */
function skippableClocks(): ClockSkip {
  const clocks = installClockSkip();
  onTestFinished(() => clocks.restore());
  return clocks;
}

async function newKey(limits: Partial<KeyLimits> = {}): Promise<string> {
  return (await issueKey(store, { userId: null, name: 'guard test', limits })).key;
}

async function revoke(key: string): Promise<void> {
  expect(await revokeKey(store, key)).not.toBeNull();
}

interface TestApp {
  get(pathAndQuery: string, key?: string): Promise<Response>;
  counted: string[];
}

type AppOptions = Partial<Omit<GuardOptions, 'config' | 'deps'>> & { general?: number; calculation?: number };

/** A tiny app: /general/* behind a general guard, /calculation/* behind a calculation guard. */
async function startApp(driver: 'memory' | 'redis', options: AppOptions = {}): Promise<TestApp> {
  const counted: string[] = [];
  const usage: UsageRecorder = {
    count: (keyId, category) => void counted.push(`${keyId}:${category}`),
    countFirstUse: async (keyId, category) => void counted.push(`${keyId}:${category}`),
    flush: async () => {},
    close: async () => {},
  };
  const config = {
    rateLimitWindowMs: WINDOW_MS,
    rateLimitGeneral: options.general ?? 3,
    rateLimitCalculation: options.calculation ?? 2,
  };
  const deps = { store, redis: driver === 'redis' ? redis : null, usage };
  const namespace = `${RUN_ID}:${randomUUID()}`;
  const guards = Object.fromEntries(
    (['general', 'calculation'] as const).map((category) => [
      category,
      createGuard({ ...options, category, config, deps, rateLimitNamespace: namespace }),
    ]),
  ) as Record<LimitCategory, Koa.Middleware>;

  const app = new Koa();
  app.use(createErrorHandler());
  app.use(async (ctx, next) =>
    ctx.path.startsWith('/calculation') ? guards.calculation(ctx, next) : guards.general(ctx, next),
  );
  app.use(async (ctx) => {
    if (ctx.path.endsWith('/bad')) throw badRequest('bad input');
    if (ctx.path.endsWith('/missing')) throw notFound('no such thing');
    ctx.body = { apiKey: ctx.state.apiKey, rateLimit: ctx.state.rateLimit };
  });
  const server = createServer(app.callback()).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    counted,
    get: (pathAndQuery, key) => fetch(base + pathAndQuery, { headers: key === undefined ? {} : { 'X-API-Key': key } }),
  };
}

function guardSuite(driver: 'memory' | 'redis'): void {
  it('takes the key from X-API-Key or api_key, and the header wins when both are sent', async () => {
    const app = await startApp(driver);
    const key = await newKey();
    const other = await newKey();
    const viaQuery = await app.get(`/general/ok?api_key=${key}`);
    expect(viaQuery.status).toBe(200);
    expect((await readJson(viaQuery)).apiKey.key).toBe(key);
    const both = await app.get(`/general/ok?api_key=${other}`, key);
    expect((await readJson(both)).apiKey.key).toBe(key);
    expect((await app.get(`/general/ok?api_key=${key}`, 'ira_live_wrong')).status).toBe(401);
  });

  it('answers 401 with the spec body for a missing, malformed, unknown or revoked key', async () => {
    const app = await startApp(driver);
    const revoked = await newKey();
    await revoke(revoked);
    const mistyped = `${revoked.slice(0, 20)}${revoked[20] === 'a' ? 'b' : 'a'}${revoked.slice(21)}`;
    for (const key of [undefined, '', 'not-a-key', mistyped, generateApiKey(), revoked]) {
      const response = await app.get('/general/ok', key);
      expect(response.status, String(key)).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await readJson(response)).toEqual(UNAUTHORIZED_BODY);
      expect(response.headers.get('RateLimit')).toBeNull();
    }
  });

  it('stops accepting a revoked key once the cache TTL has passed', async () => {
    const clocks = skippableClocks();
    const app = await startApp(driver);
    const key = await newKey();
    expect((await app.get('/general/ok', key)).status).toBe(200);
    await revoke(key);
    clocks.advance(KEY_CACHE_TTL_MS + 1);
    expect((await app.get('/general/ok', key)).status).toBe(401);
  });

  it('throttles repeated 401s from one address with a 429 JSON and Retry-After, until the window ends', async () => {
    const clocks = skippableClocks();
    const app = await startApp(driver, { failedAuthLimit: 3 });
    for (let i = 0; i < 3; i += 1) expect((await app.get('/general/ok', 'bad')).status).toBe(401);
    const throttled = await app.get('/general/ok', 'bad');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await readJson(throttled)).toMatchObject({
      success: false,
      error: 'Too Many Requests',
      message: expect.any(String),
      rateLimit: { category: 'general', limit: 3, remaining: 0, nextResetAt: expect.any(String) },
    });
    // A valid key still passes: one client's failures do not lock out the address.
    expect((await app.get('/general/ok', await newKey())).status).toBe(200);
    expect((await app.get('/general/ok', 'bad')).status).toBe(429);
    clocks.advance(FAILED_AUTH_WINDOW_MS);
    expect((await app.get('/general/ok', 'bad')).status).toBe(401);
  });

  it('lets at most the 401 limit through when an address sends its failures all at once', async () => {
    const app = await startApp(driver, { failedAuthLimit: 5 });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async () => (await app.get('/general/ok', generateApiKey())).status),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('lets at most the key limit through when its requests come all at once', async () => {
    const app = await startApp(driver, { general: 5 });
    const key = await newKey();
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async () => (await app.get('/general/ok', key)).status),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
  });

  it('counts requests per key, answers 429 JSON past the limit, and resets after the window', async () => {
    const clocks = skippableClocks();
    const app = await startApp(driver, { general: 2 });
    const key = await newKey();
    const first = await app.get('/general/ok', key);
    expect((await readJson(first)).rateLimit).toMatchObject({ category: 'general', limit: 2, remaining: 1 });
    expect((await readJson(await app.get('/general/ok', key))).rateLimit.remaining).toBe(0);
    const limited = await app.get('/general/ok', key);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    const body = await readJson(limited);
    expect(body).toEqual({
      success: false,
      error: 'Too Many Requests',
      message: expect.any(String),
      rateLimit: { category: 'general', limit: 2, remaining: 0, nextResetAt: expect.any(String) },
    });
    expect(limited.headers.get('RateLimit')).toMatch(/^"general";r=0;t=(59|60)$/);
    // Another key has its own counter.
    expect((await app.get('/general/ok', await newKey())).status).toBe(200);
    clocks.advance(WINDOW_MS);
    const nextWindow = await app.get('/general/ok', key);
    expect(nextWindow.status).toBe(200);
    expect((await readJson(nextWindow)).rateLimit).toMatchObject({ limit: 2, remaining: 1 });
  });

  it("uses the key's own limit over the deployment default", async () => {
    const app = await startApp(driver, { general: 3 });
    const roomy = await newKey({ general: 5 });
    const tight = await newKey({ general: 1 });
    const plain = await newKey();
    const statuses = async (key: string, n: number) => {
      const result: number[] = [];
      for (let i = 0; i < n; i += 1) result.push((await app.get('/general/ok', key)).status);
      return result;
    };
    expect(await statuses(roomy, 6)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(tight, 2)).toEqual([200, 429]);
    expect(await statuses(plain, 4)).toEqual([200, 200, 200, 429]);
  });

  it('keeps separate counters per category', async () => {
    const app = await startApp(driver, { general: 1, calculation: 1 });
    const key = await newKey();
    expect((await app.get('/general/ok', key)).status).toBe(200);
    expect((await app.get('/general/ok', key)).status).toBe(429);
    const calc = await app.get('/calculation/ok', key);
    expect(calc.status).toBe(200);
    expect((await readJson(calc)).rateLimit).toMatchObject({ category: 'calculation', limit: 1, remaining: 0 });
  });

  it('counts 400 and 404 answers against the limit but not 401s', async () => {
    const app = await startApp(driver, { general: 3 });
    const key = await newKey();
    for (let i = 0; i < 5; i += 1) expect((await app.get('/general/ok', 'ira_live_guess')).status).toBe(401);
    expect((await app.get('/general/bad', key)).status).toBe(400);
    expect((await app.get('/general/missing', key)).status).toBe(404);
    expect((await app.get('/general/ok', key)).status).toBe(200);
    expect((await app.get('/general/ok', key)).status).toBe(429);
    expect(app.counted).toHaveLength(3);
  });

  it('sends the IETF RateLimit headers, only those, and the same numbers as the body', async () => {
    const app = await startApp(driver, { general: 4 });
    const response = await app.get('/general/bad', await newKey());
    expect(response.headers.get('RateLimit-Policy')).toBe('"general";q=4;w=60');
    expect(response.headers.get('RateLimit')).toMatch(/^"general";r=3;t=(59|60)$/);
    expect(response.headers.get('X-RateLimit-Remaining')).toBeNull();
    const ok = await app.get('/general/ok', await newKey());
    const { rateLimit } = await readJson(ok);
    expect(rateLimit.remaining).toBe(3);
    const resetInMs = Date.parse(rateLimit.nextResetAt) - Date.now();
    expect(resetInMs).toBeGreaterThan(0);
    expect(resetInMs).toBeLessThanOrEqual(WINDOW_MS);
  });

  it('exposes the verified key id and effective limits in ctx.state', async () => {
    const app = await startApp(driver, { general: 3, calculation: 2 });
    const key = await newKey({ calculation: 9 });
    const record = await store.findKeyByHash(hashKey(key));
    const body = await readJson(await app.get('/calculation/ok', key));
    expect(body.apiKey).toEqual({ id: record!.id, key, limits: { general: 3, calculation: 9 } });
    expect(app.counted).toEqual([`${record!.id}:calculation`]);
  });
}

describe('createGuard with the memory driver', () => guardSuite('memory'));
describe.skipIf(!redisAvailable)('createGuard with the redis driver', () => guardSuite('redis'));

describe('createGuard and the usage record', () => {
  it("writes a key's first request before the route runs, so its first use shows at once", async () => {
    // A flush interval longer than the test: only the first use may write.
    const usage = createUsageRecorder(store, { flushIntervalMs: 3_600_000 });
    onTestFinished(() => usage.close());
    const guard = createGuard({
      category: 'general',
      config: { rateLimitWindowMs: WINDOW_MS, rateLimitGeneral: 100, rateLimitCalculation: 100 },
      deps: { store, redis: null, usage },
      rateLimitNamespace: `${RUN_ID}:${randomUUID()}`,
    });
    const app = new Koa();
    app.use(guard);
    app.use(async (ctx) => {
      ctx.body = { lastUsedAt: (await store.findKeyByHash(hashKey(ctx.state.apiKey.key)))!.lastUsedAt };
    });
    const server = createServer(app.callback()).listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const key = await newKey();
    const writes = vi.spyOn(store, 'recordUsage');
    onTestFinished(() => writes.mockRestore());

    const first = await readJson(await fetch(url, { headers: { 'X-API-Key': key } }));
    expect(first.lastUsedAt).not.toBeNull();
    expect(writes).toHaveBeenCalledTimes(1);
    // Later requests (the key cache still holding the never-used record) are counted in memory only.
    for (let i = 0; i < 3; i += 1) await fetch(url, { headers: { 'X-API-Key': key } });
    expect(writes).toHaveBeenCalledTimes(1);
    await usage.flush();
    const [[entry]] = writes.mock.calls.at(-1)!;
    expect(entry).toMatchObject({ category: 'general', count: 3 });
  });
});
