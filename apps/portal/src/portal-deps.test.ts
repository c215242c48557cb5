// The portal's shutdown path on real PostgreSQL and Redis: after close() the
// pool's connections are gone from pg_stat_activity and the session client has
// ended (the process used to exit with both still open).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgresDatabase } from '@ira/core/runtime/database/postgres-database';
import { backendAvailable, TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { afterAll, describe, expect, it } from 'vitest';
import { createLazyStore, openPortalStores } from './lib/store.ts';
import { createPortalDeps } from './portal-deps.ts';
import { createSessionStorage } from './session-driver.ts';

const available =
  (await backendAvailable('portal deps', TEST_POSTGRES_URL)) && (await backendAvailable('portal deps', TEST_REDIS_URL));
const id = randomUUID().replaceAll('-', '');
const schema = `ira_portal_close_${id}`;
const applicationName = `ira_portal_close_${id.slice(0, 12)}`;

describe.skipIf(!available)('createPortalDeps on PostgreSQL and Redis', () => {
  const admin = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL });
  let dataDir = '';
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const connections = async () =>
    Number(
      (
        await admin.query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1', [
          applicationName,
        ])
      )[0]!.n,
    );

  it('is ready when both answer, and close() ends the database pool and the session client', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ira-portal-deps-'));
    await admin.query(`CREATE SCHEMA ${schema}`);
    const options = encodeURIComponent(`-c search_path=${schema}`);
    const settings = {
      databaseUrl: `${TEST_POSTGRES_URL}?application_name=${applicationName}&options=${options}`,
      redisUrl: TEST_REDIS_URL,
      dataDir,
      dependencyTimeoutMs: 2_000,
    };
    const stores = createLazyStore(() => openPortalStores(settings));
    const sessions = createSessionStorage(settings);
    const deps = createPortalDeps(stores, sessions);
    expect((await deps.ready()).body).toEqual({ status: 'ready' });
    expect(await connections()).toBeGreaterThan(0);
    await deps.close();
    await expect.poll(connections).toBe(0);
    await expect(sessions.ping()).rejects.toThrow(/closed/i);
  });
});
