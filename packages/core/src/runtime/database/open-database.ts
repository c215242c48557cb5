// Chooses the database from the config (docs/operations.md "Scaling out"): PostgreSQL when
// DATABASE_URL is set, otherwise SQLite in DATA_DIR. Each store creates its own tables on it:
// core's key store the key and usage tables, the portal's user store the users table.
import type { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import type { Config } from '../config.ts';
import { makeDataDir } from '../data-dir.ts';
import type { PostgresDatabase } from './postgres-database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

export const SQLITE_FILE_NAME = 'ira.sqlite';

export type Database = { kind: 'sqlite'; sqlite: DatabaseSync } | { kind: 'postgres'; postgres: PostgresDatabase };

export type DatabaseSettings = Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'dependencyTimeoutMs'>>;

export async function openDatabase(config: DatabaseSettings): Promise<Database> {
  if (config.databaseUrl !== null) {
    // Loaded only when used: a SQLite deployment never loads pg.
    const { openPostgresDatabase } = await import('./postgres-database.ts');
    return {
      kind: 'postgres',
      postgres: openPostgresDatabase({ connectionString: config.databaseUrl, timeoutMs: config.dependencyTimeoutMs }),
    };
  }
  makeDataDir(config.dataDir);
  return { kind: 'sqlite', sqlite: openSqliteDatabase(path.join(config.dataDir, SQLITE_FILE_NAME)) };
}

export async function closeDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') await database.postgres.close();
  else if (database.sqlite.isOpen) database.sqlite.close();
}
