// The built portal on PostgreSQL and Redis behind fault proxies: its /healthz
// and /readyz for load balancers, PostgreSQL down at its first use and back
// (no restart), Redis down under a signed-in session, the 503s counted in
// /metrics, and a clean exit on SIGTERM.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '@ira/testing/fault-proxy';
import { adminQuery } from '@ira/testing/postgres-admin';
import { backendAvailable, TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { createClient, startPortal, type Portal } from './portal-process.ts';
import { freePort } from '@ira/testing/free-port';
import { startStack, type Stack } from './stack.ts';

const available =
  (await backendAvailable('portal dependency', TEST_POSTGRES_URL)) &&
  (await backendAvailable('portal dependency', TEST_REDIS_URL));
const schema = `ira_portal_deps_${randomUUID().replaceAll('-', '')}`;
const account = { email: 'first-use@example.com', password: 'correct horse battery' };

describe.skipIf(!available)('the portal and its dependencies', () => {
  let stack: Stack;
  let portal: Portal;
  let pgProxy: FaultProxy;
  let redisProxy: FaultProxy;
  let metricsUrl = '';

  beforeAll(async () => {
    pgProxy = await startFaultProxy({ host: '127.0.0.1', port: 5432 });
    redisProxy = await startFaultProxy({ host: '127.0.0.1', port: 6379 });
    stack = await startStack();
    await adminQuery(`CREATE SCHEMA ${schema}`);
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // PostgreSQL is down before the portal's first use of it.
    pgProxy.setMode('cut');
    portal = await startPortal({
      ...stack,
      env: {
        ...stack.env,
        DATABASE_URL: `${pgProxy.via(TEST_POSTGRES_URL)}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
        REDIS_URL: redisProxy.via(TEST_REDIS_URL),
        DEPENDENCY_TIMEOUT_MS: '500',
        PORTAL_METRICS_PORT: String(metricsPort),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
    await stack?.close();
    await pgProxy?.close();
    await redisProxy?.close();
    if (available) await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });

  const probe = async (path: string) => {
    const response = await fetch(new URL(path, portal.url));
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      type: response.headers.get('content-type'),
      body: await response.json(),
    };
  };
  const dependencyErrors = async (dependency: string) => {
    const text = await (await fetch(metricsUrl)).text();
    return Number(
      new RegExp(`^ira_dependency_errors_total\\{dependency="${dependency}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0,
    );
  };

  it('/healthz: 200 while the process lives, even with PostgreSQL down', async () => {
    expect(await probe('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('/readyz: 503 JSON with Retry-After naming the account database while PostgreSQL is down', async () => {
    const answer = await probe('/readyz');
    expect(answer).toMatchObject({
      status: 503,
      retryAfter: '5',
      body: { status: 'unavailable', unavailable: ['account database'] },
    });
    expect(answer.type).toMatch(/^application\/json/);
  });

  it('PostgreSQL down at first use: sign-up 503 with Retry-After, counted; back: works without a restart', async () => {
    const before = await dependencyErrors('PostgreSQL');
    const client = createClient(portal.url);
    const down = await fetch(new URL('/signup', portal.url), {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: new URL(portal.url).origin },
      body: new URLSearchParams(account),
    });
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('5');
    expect(await dependencyErrors('PostgreSQL')).toBe(before + 1);
    pgProxy.setMode('pass');
    await expect.poll(async () => (await probe('/readyz')).status, { timeout: 10_000 }).toBe(200);
    expect((await probe('/readyz')).body).toEqual({ status: 'ready' });
    expect((await client.post('/signup', account)).status).toBe(303);
    expect((await client.get('/dashboard')).status).toBe(200);
  });

  it('Redis down, signed in: dashboard 503 (counted), /readyz names the session store; back: signed in', async () => {
    const client = createClient(portal.url);
    expect((await client.post('/signin', account)).status).toBe(303);
    const before = await dependencyErrors('Redis');
    redisProxy.setMode('cut');
    expect((await client.get('/dashboard')).status).toBe(503);
    expect(await dependencyErrors('Redis')).toBe(before + 1);
    expect(await probe('/readyz')).toMatchObject({ status: 503, body: { unavailable: ['session store'] } });
    redisProxy.setMode('pass');
    await expect.poll(async () => (await client.get('/dashboard')).status, { timeout: 10_000 }).toBe(200);
    expect((await probe('/readyz')).status).toBe(200);
  });

  it('SIGTERM: drains, closes its database pool and session client (src/portal-deps.test.ts), exits 0', async () => {
    // The portal's own lines say which step a shutdown that ran out of time was on.
    expect(await portal.stop(), portal.output()).toBe(0);
    expect(portal.output()).toMatch(/portal: stopped/);
  });
});
