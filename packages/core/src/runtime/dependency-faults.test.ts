// PostgreSQL and Redis cut (connections dropped, as on a crash or
// pg_terminate_backend) and stalled (a hung server) under a real Koa app with the
// guard: no crash, only 503 + Retry-After while down, /readyz follows, recovery
// without restart, and no usage count lost.
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFaultProxy, type FaultProxy } from '@ira/testing/fault-proxy';
import { adminQuery } from '@ira/testing/postgres-admin';
import { backendAvailable, TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { loadConfig } from './config.ts';
import { createErrorHandler } from './middleware/error-handler.ts';
import { createGuard } from './guard.ts';
import Router from '@koa/router';
import { addHealthRoutes } from './health-routes.ts';
import { requestId } from './middleware/request-id.ts';
import { issueKey } from './keys/key-service.ts';
import { openServiceDeps, type ServiceDeps } from './service-deps.ts';

const available =
  (await backendAvailable('dependency fault', TEST_POSTGRES_URL)) &&
  (await backendAvailable('dependency fault', TEST_REDIS_URL));
const schema = `ira_faults_${randomUUID().replaceAll('-', '')}`;
const TIMEOUT_MS = 400;

describe.skipIf(!available)('dependency faults', () => {
  let pgProxy: FaultProxy;
  let redisProxy: FaultProxy;
  let deps: ServiceDeps;
  let server: Server;
  let base = '';
  const freshKey = async () => (await issueKey(deps.store, { userId: null, name: 'fault' })).key;

  beforeAll(async () => {
    await adminQuery(`CREATE SCHEMA ${schema}`);
    pgProxy = await startFaultProxy({ host: '127.0.0.1', port: 5432 });
    redisProxy = await startFaultProxy({ host: '127.0.0.1', port: 6379 });
    const databaseUrl = `${pgProxy.via(TEST_POSTGRES_URL)}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    const config = loadConfig({
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisProxy.via(TEST_REDIS_URL),
      DEPENDENCY_TIMEOUT_MS: String(TIMEOUT_MS),
      RATE_LIMIT_GENERAL: '1000',
    });
    // Usage is flushed only when a test says so, so a flush is known to meet the fault.
    deps = await openServiceDeps(config, { usageFlushIntervalMs: 3_600_000 });
    const app = new Koa();
    app.use(requestId());
    app.use(createErrorHandler({ error: () => undefined }));
    app.use(addHealthRoutes(new Router(), deps).routes());
    app.use(
      createGuard({ category: 'general', config, deps, keyCacheTtlMs: 1, rateLimitNamespace: `ira:faults:${schema}` }),
    );
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await deps?.close();
    await pgProxy?.close();
    await redisProxy?.close();
    await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  const get = (key: string, path = '/thing') => fetch(`${base}${path}`, { headers: { 'X-API-Key': key } });

  async function expectUnavailable(response: Response, dependency: string): Promise<void> {
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await response.json()) as { message: string };
    expect(body).toMatchObject({ success: false, error: 'Service Unavailable' });
    expect(body.message).toContain(dependency);
  }

  it('PostgreSQL cut: 503 with Retry-After, /readyz 503, no crash; back: 200 without restart', async () => {
    const key = await freshKey();
    expect((await get(key)).status).toBe(200);
    pgProxy.setMode('cut');
    await expectUnavailable(await get(await freshKey().catch(() => key)), 'PostgreSQL');
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    pgProxy.setMode('pass');
    await expect.poll(async () => (await get(key)).status, { timeout: 10_000 }).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('PostgreSQL stalled: 503 after the dependency timeout, not a hang', async () => {
    const key = await freshKey();
    pgProxy.setMode('stall');
    await expectUnavailable(await get(key), 'PostgreSQL');
    pgProxy.setMode('pass');
    await expect.poll(async () => (await get(key)).status, { timeout: 10_000 }).toBe(200);
  });

  it('Redis cut and stalled: 503 with Retry-After (limits fail closed), then 200 again', async () => {
    const key = await freshKey();
    expect((await get(key)).status).toBe(200);
    redisProxy.setMode('cut');
    await expectUnavailable(await get(key), 'Redis');
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    redisProxy.setMode('pass');
    await expect.poll(async () => (await get(key)).status, { timeout: 10_000 }).toBe(200);
    redisProxy.setMode('stall');
    await expectUnavailable(await get(key), 'Redis');
    redisProxy.setMode('pass');
    await expect.poll(async () => (await get(key)).status, { timeout: 10_000 }).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('loses no usage count when PostgreSQL is down at flush time', async () => {
    const { record, key } = await issueKey(deps.store, { userId: null, name: 'counted' });
    for (let i = 0; i < 5; i += 1) expect((await get(key)).status).toBe(200);
    pgProxy.setMode('cut');
    // A failed flush keeps the counts; they are written once PostgreSQL is back.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await deps.usage.flush();
    expect(logged).toHaveBeenCalledWith(
      expect.stringMatching(/^usage flush of \d+ entries failed; kept for retry$/),
      expect.anything(),
    );
    logged.mockRestore();
    pgProxy.setMode('pass');
    const flushedTotal = async () => {
      await deps.usage.flush();
      return (await deps.store.usageSince([record.id], '2000-01-01')).reduce((sum, row) => sum + row.count, 0);
    };
    await expect.poll(flushedTotal, { timeout: 10_000 }).toBe(5);
  });
});
