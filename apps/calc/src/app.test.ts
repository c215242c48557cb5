// What every calc route shares: keys, the `calculation` limit, and the HTTP conventions.
import Koa from 'koa';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createErrorHandler } from '@ira/core/runtime/middleware/error-handler';
import { createGuard } from '@ira/core/runtime/guard';
import { connectRedis } from '@ira/core/runtime/service-deps';
import { backendAvailable, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCalc, type CalcHarness } from './test-support/calc-harness.ts';

const UNAUTHORIZED = { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' };
const ROUTES = [
  '/api/v1/prayer-time?lat=21.42&lon=39.83&date=2026-03-20',
  '/api/v1/qibla?lat=21.42&lon=39.83',
  '/api/v1/prayer-time/calendar?lat=21.42&lon=39.83&year=2026&month=2',
  '/api/v1/prayer-time/next?lat=21.42&lon=39.83',
  '/api/v1/hijri?date=2026-03-20',
];
const MALFORMED_KEY = `ira_live_${'A'.repeat(43)}`;

let calc: CalcHarness;
beforeAll(async () => {
  calc = await startCalc();
});
afterAll(() => calc.close());

describe.each(ROUTES)('%s', (route) => {
  it('answers 401 with the spec body without a key', async () => {
    const { status, body } = await calc.get(route);
    expect(status).toBe(401);
    expect(body).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a malformed, an unknown and a revoked key', async () => {
    const revoked = await calc.issue();
    await calc.store.revokeKey((await calc.store.listKeys()).find((k) => revoked.startsWith(k.start))!.id);
    for (const key of [MALFORMED_KEY, 'nonsense', revoked]) {
      const { status, body } = await calc.get(route, { headers: { 'X-API-Key': key } });
      expect(status).toBe(401);
      expect(body).toEqual(UNAUTHORIZED);
    }
  });

  it('lets the header win over the api_key query parameter', async () => {
    const key = await calc.issue();
    expect((await calc.get(`${route}&api_key=${key}`, { headers: { 'X-API-Key': 'nonsense' } })).status).toBe(401);
    expect((await calc.get(`${route}&api_key=nonsense`, { headers: { 'X-API-Key': key } })).status).toBe(200);
  });

  it('counts 200 and 400 against the key’s calculation limit, not 401, then answers 429', async () => {
    const key = await calc.issue({ calculation: 2 });
    const bad = route.includes('lat=')
      ? route.replace(/lat=[^&]+/, 'lat=abc')
      : route.replace(/date=[^&]+/, 'date=nope');
    expect((await calc.get(route)).status).toBe(401);
    const first = await calc.get(route, { headers: { 'X-API-Key': key } });
    expect(first.status).toBe(200);
    expect(first.headers.get('RateLimit-Policy')).toMatch(/^"calculation";q=2;w=\d+$/);
    expect((await calc.get(bad, { headers: { 'X-API-Key': key } })).status).toBe(400);
    const limited = await calc.get(route, { headers: { 'X-API-Key': key } });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      success: false,
      error: 'Too Many Requests',
      rateLimit: { category: 'calculation', limit: 2, remaining: 0 },
    });
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  });

  it('answers a client that sends no Accept-Encoding as it answers one that asks for identity', async () => {
    const key = await calc.issue();
    const plain = await rawGet(`${calc.base}${route}`, { 'X-API-Key': key, 'X-Request-Id': 'plain-1' });
    const identity = await calc.get(route, { headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity' } });
    expect(plain.status).toBe(200);
    // The same answer but for the fields each request has its own of (/next counts from now).
    const perRequest = (name: string, value: unknown) =>
      ['timestamp', 'rateLimit', 'at', 'secondsUntil'].includes(name) ? undefined : value;
    expect(JSON.parse(plain.body.toString(), perRequest)).toEqual(
      JSON.parse(JSON.stringify(identity.body), perRequest),
    );
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-length']).toBe(String(plain.body.length));
    expect(plain.headers['x-request-id']).toBe('plain-1');
    expect(plain.headers['ratelimit-policy']).toBe(identity.headers.get('ratelimit-policy'));
    expect(plain.headers.ratelimit).toMatch(/^"calculation";r=\d+;t=\d+$/);
  });

  it('writes its head in one call, no header set one by one', async () => {
    const key = await calc.issue();
    const setHeader = vi.spyOn(http.ServerResponse.prototype, 'setHeader');
    const writeHead = vi.spyOn(http.ServerResponse.prototype, 'writeHead');
    try {
      const plain = await rawGet(`${calc.base}${route}`, { 'X-API-Key': key, 'X-Request-Id': 'one-head' });
      expect(plain.status).toBe(200);
      expect(plain.headers['x-request-id']).toBe('one-head');
      expect(plain.headers['cache-control']).toBe('private, no-store');
      expect(plain.headers.vary).toBe('X-API-Key');
      expect(plain.headers['content-length']).toBe(String(plain.body.length));
      expect(setHeader).not.toHaveBeenCalled();
      expect(writeHead).toHaveBeenCalledTimes(1);
    } finally {
      setHeader.mockRestore();
      writeHead.mockRestore();
    }
  });
});

/** A GET by node:http, which sends no Accept-Encoding of its own (fetch asks for gzip). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('calc HTTP conventions', () => {
  it('serves /healthz without a key', async () => {
    expect(await calc.get('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('answers an unknown path with the JSON 404 once the key is good', async () => {
    const key = await calc.issue();
    const { status, body } = await calc.get('/api/v1/nothing', { headers: { 'X-API-Key': key } });
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: 'Not Found' });
  });

  it('answers POST with 405 and Allow', async () => {
    const { status, headers } = await calc.get(ROUTES[0]!, { method: 'POST' });
    expect(status).toBe(405);
    expect(headers.get('Allow')).toBe('GET, HEAD');
  });

  it('answers HEAD like GET, without a body', async () => {
    const key = await calc.issue();
    const response = await fetch(calc.base + ROUTES[1]!, { method: 'HEAD', headers: { 'X-API-Key': key } });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('sends X-Request-Id on success and on errors', async () => {
    expect((await calc.get(ROUTES[0]!)).headers.get('X-Request-Id')).toMatch(/^[\w.-]+$/);
  });
});

describe('the calculation limit is counted apart from general (shared Redis counters)', async () => {
  const run = await backendAvailable('calc Redis rate-limit', TEST_REDIS_URL);

  it.runIf(run)('spending a key’s general quota leaves its calculation quota whole', async () => {
    const redis = await connectRedis(TEST_REDIS_URL);
    const namespace = `ira-test:${crypto.randomUUID()}`;
    const shared = await startCalc({ redis, app: { guard: { rateLimitNamespace: namespace } } });
    // A stand-in for the edge: the same guard, category general, same Redis and namespace.
    const edge = new Koa();
    edge.use(createErrorHandler());
    edge.use(
      createGuard({
        category: 'general',
        config: shared.config,
        deps: { store: shared.store, redis, usage: shared.usage },
        rateLimitNamespace: namespace,
      }),
    );
    edge.use((ctx) => {
      ctx.body = { ok: true };
    });
    const edgeServer = http.createServer(edge.callback()).listen(0, '127.0.0.1');
    await new Promise((resolve) => edgeServer.once('listening', resolve));
    try {
      const key = await shared.issue({ general: 2, calculation: 3 });
      const edgeUrl = `http://127.0.0.1:${(edgeServer.address() as AddressInfo).port}/`;
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(edgeUrl, { headers: { 'X-API-Key': key } })).status);
      expect(statuses).toEqual([200, 200, 429]);
      const calc = await shared.get(ROUTES[1]!, { headers: { 'X-API-Key': key } });
      expect(calc.status).toBe(200);
      expect(calc.body.data.rateLimit).toMatchObject({ category: 'calculation', limit: 3, remaining: 2 });
    } finally {
      edgeServer.close();
      await shared.close();
      await redis.quit();
    }
  });
});
