import { randomUUID } from 'node:crypto';
import { openPostgresDatabase } from '@ira/core/runtime/database/postgres-database';
import { adminQuery } from '@ira/testing/postgres-admin';
import { backendAvailable, TEST_POSTGRES_URL } from '@ira/testing/test-backends';
import { POSTGRES_SCHEMA_BEFORE_SPLIT } from '@ira/testing/schema-before-split';
import { describe } from 'vitest';
import { runUserStoreContract } from './user-store-contract.ts';

const available = await backendAvailable('PostgreSQL user store', TEST_POSTGRES_URL);
// One schema per database, dropped afterwards: other test files may run in parallel.
const run = `ira_users_${randomUUID().replaceAll('-', '')}`;
const schemas: string[] = [];
let made = 0;

function newSchema(): string {
  made += 1;
  schemas.push(`${run}_${made}`);
  return schemas.at(-1)!;
}

const connect = (schema: string) => ({
  kind: 'postgres' as const,
  postgres: openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, schema }),
});

async function dropSchemas(): Promise<void> {
  for (const schema of schemas.splice(0)) await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

describe.skipIf(!available)('PostgreSQL user store', () => {
  runUserStoreContract('PostgreSQL (pg)', {
    create: async () => connect(newSchema()),
    connectAgain: async () => connect(schemas.at(-1)!),
    async createBeforeSplit(user) {
      const database = connect(newSchema());
      await database.postgres.createTables(POSTGRES_SCHEMA_BEFORE_SPLIT);
      // The statement that release's createUser ran.
      await database.postgres.query(
        'INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, $3, now())',
        [user.id, user.email, user.passwordHash],
      );
      return database;
    },
    cleanup: dropSchemas,
  });
});
