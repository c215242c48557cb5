import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backendAvailable, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { loadConfig } from './config.ts';
import { issueKey } from './keys/key-service.ts';
import { openServiceDeps, ServiceStartError } from './service-deps.ts';

const redisAvailable = await backendAvailable('Redis service-deps', TEST_REDIS_URL);

async function withDataDir(run: (dataDir: string) => Promise<void>): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ira-deps-'));
  try {
    await run(dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

describe('openServiceDeps', () => {
  it('opens the SQLite store under DATA_DIR, no Redis, and flushes usage on close', async () => {
    await withDataDir(async (dataDir) => {
      const deps = await openServiceDeps(loadConfig({ DATA_DIR: dataDir }));
      expect(deps.redis).toBeNull();
      const { record } = await issueKey(deps.store, { userId: null, name: 'deps' });
      deps.usage.count(record.id, 'general');
      await deps.close();
      const again = await openServiceDeps(loadConfig({ DATA_DIR: dataDir }));
      const [row] = await again.store.usageSince([record.id], '2000-01-01');
      expect(row?.count).toBe(1);
      expect((await again.store.listKeys())[0]?.lastUsedAt).toBeInstanceOf(Date);
      await again.close();
    });
  });

  it('fails at start with one line naming REDIS_URL when Redis does not answer', async () => {
    await withDataDir(async (dataDir) => {
      const opening = openServiceDeps(loadConfig({ DATA_DIR: dataDir, REDIS_URL: 'redis://127.0.0.1:1' }));
      await expect(opening).rejects.toBeInstanceOf(ServiceStartError);
      await expect(opening).rejects.toThrow(/^Cannot connect to Redis at REDIS_URL \(127\.0\.0\.1:1\): [^\n]+$/);
    });
  });

  it('fails at start with one line naming DATABASE_URL when PostgreSQL does not answer', async () => {
    await withDataDir(async (dataDir) => {
      const opening = openServiceDeps(
        loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://user:secret@127.0.0.1:1/db' }),
      );
      await expect(opening).rejects.toThrow(
        /^Cannot open the key store, PostgreSQL at DATABASE_URL \(127\.0\.0\.1:1\/db\): [^\n]+$/,
      );
      await expect(opening).rejects.not.toThrow(/secret/);
    });
  });

  it.skipIf(!redisAvailable)('connects to Redis when REDIS_URL is set and closes it', async () => {
    await withDataDir(async (dataDir) => {
      const deps = await openServiceDeps(loadConfig({ DATA_DIR: dataDir, REDIS_URL: TEST_REDIS_URL }));
      expect(await deps.redis!.ping()).toBe('PONG');
      await deps.close();
      expect(deps.redis!.status).toBe('end');
    });
  });
});
