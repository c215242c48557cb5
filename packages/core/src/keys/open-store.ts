// Chooses the KeyStore adapter from the config (docs/operations.md "Scaling out"): PostgreSQL when
// DATABASE_URL is set, otherwise SQLite in DATA_DIR.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { KeyStore } from './types.ts';

export const SQLITE_FILE_NAME = 'ira.sqlite';

export async function openKeyStore(config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'dependencyTimeoutMs'>>): Promise<KeyStore> {
  if (config.databaseUrl !== null) {
    const { openPostgresStore } = await import('./postgres-store.ts');
    return openPostgresStore({ connectionString: config.databaseUrl, timeoutMs: config.dependencyTimeoutMs });
  }
  mkdirSync(config.dataDir, { recursive: true });
  return openSqliteStore(path.join(config.dataDir, SQLITE_FILE_NAME));
}
