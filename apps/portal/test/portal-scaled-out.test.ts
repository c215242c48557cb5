// The portal scaled out (docs/operations.md "Scaling out"): accounts and keys in PostgreSQL, sessions
// in Redis, shared with the API. Runs always in CI; elsewhere skipped with a
// one-line reason when the servers do not answer.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '@ira/core/runtime/keys/api-key';
import { backendAvailable, TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { openPortalStores, type PortalStores } from '../src/lib/store.ts';
import { createClient, startPortal, type Portal } from './portal-process.ts';
import { startStack, type Stack } from './stack.ts';

const available =
  (await backendAvailable('portal PostgreSQL', TEST_POSTGRES_URL)) &&
  (await backendAvailable('portal Redis', TEST_REDIS_URL));

describe.runIf(available)('portal with PostgreSQL and Redis', () => {
  let stack: Stack;
  let portal: Portal;
  let redis: Redis;
  /** The database as another portal instance sees it. */
  let stores: PortalStores;

  beforeAll(async () => {
    stack = await startStack({ DATABASE_URL: TEST_POSTGRES_URL, REDIS_URL: TEST_REDIS_URL });
    portal = await startPortal(stack);
    redis = new Redis(TEST_REDIS_URL);
    stores = await openPortalStores(stack.config);
  }, 120_000);

  afterAll(async () => {
    await stores?.close();
    redis?.disconnect();
    await portal?.stop();
    await stack?.close();
  });

  it('keeps the session in Redis and the account and key in PostgreSQL, usable by the API', async () => {
    const client = createClient(portal.url);
    const email = `scaled-${randomUUID()}@example.com`;
    expect((await client.post('/signup', { email, password: 'correct horse battery' })).status).toBe(303);
    const sessionId = client.cookies.get('ira_session')!;
    expect(await redis.exists(`ira:portal:session:${sessionId}`)).toBe(1);

    const created = await client.post('/dashboard', { intent: 'create', name: 'scaled' });
    const key = /data-testid="new-api-key">([^<]+)</.exec(created.html)![1]!;
    const user = await stores.users.findUserByEmail(email);
    expect(user?.email).toBe(email);
    // The key the API checks (core's store) is the account's (the portal's store).
    expect((await stack.deps.store.findKeyByHash(hashKey(key)))?.userId).toBe(user!.id);
    const api = await fetch(`${stack.config.publicUrl}/api/v1/quran/surahs`, { headers: { 'X-API-Key': key } });
    expect(api.status).toBe(200);
  });
});
