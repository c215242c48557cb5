import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { adminQuery } from '@ira/testing/postgres-admin';
import { backendAvailable, TEST_POSTGRES_URL } from '@ira/testing/test-backends';
import { POSTGRES_SCHEMA_BEFORE_SPLIT } from '@ira/testing/schema-before-split';
import { openPostgresDatabase } from '../database/postgres-database.ts';
import { openPostgresStore } from './postgres-store.ts';
import { runKeyStoreContract } from './store-contract.ts';

const available = await backendAvailable('PostgreSQL store', TEST_POSTGRES_URL);
// One schema per run, dropped afterwards: other test files may run in parallel.
const schema = `ira_test_${randomUUID().replaceAll('-', '')}`;

const dropSchema = (name: string) => adminQuery(`DROP SCHEMA IF EXISTS ${name} CASCADE`);

describe.skipIf(!available)('PostgreSQL store', () => {
  runKeyStoreContract('PostgreSQL (pg)', {
    open: () => openPostgresStore({ connectionString: TEST_POSTGRES_URL, schema }),
    openAgain: () => openPostgresStore({ connectionString: TEST_POSTGRES_URL, schema }),
    async openMadeBeforeSplit(userId) {
      const before = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, schema: `${schema}_before` });
      await before.createTables(POSTGRES_SCHEMA_BEFORE_SPLIT);
      await before.query(
        "INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, 'before@example.com', 'h', now())",
        [userId],
      );
      await before.close();
      return openPostgresStore({ connectionString: TEST_POSTGRES_URL, schema: `${schema}_before` });
    },
    cleanup: async () => {
      await dropSchema(schema);
      await dropSchema(`${schema}_before`);
    },
  });

  it('creates the schema once when several instances open at the same time', async () => {
    const own = `${schema}_race`;
    try {
      const stores = await Promise.all(
        Array.from({ length: 5 }, () => openPostgresStore({ connectionString: TEST_POSTGRES_URL, schema: own })),
      );
      const created = await stores[0]!.createKey({
        userId: null,
        name: 'race',
        start: 'ira_live_xxxx',
        hash: 'race',
        limits: { general: null, calculation: null },
      });
      expect(await stores[4]!.findKeyByHash('race')).toEqual(created);
      await Promise.all(stores.map((store) => store.close()));
    } finally {
      await dropSchema(own);
    }
  });

  it('refuses a schema name that is not a plain identifier', async () => {
    await expect(
      openPostgresStore({ connectionString: TEST_POSTGRES_URL, schema: 'x; DROP TABLE api_keys' }),
    ).rejects.toThrow(/invalid schema/);
  });
});
