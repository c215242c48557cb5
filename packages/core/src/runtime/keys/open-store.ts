// Opens the KeyStore chosen by the config (docs/operations.md "Scaling out"): PostgreSQL when
// DATABASE_URL is set, otherwise SQLite in DATA_DIR.
import { closeDatabase, openDatabase, type Database, type DatabaseSettings } from '../database/open-database.ts';
import { createSqliteKeyStore } from './sqlite-store.ts';
import type { KeyStore } from './types.ts';

/** The key store on an open database; its close() closes that database. */
export async function createKeyStore(database: Database): Promise<KeyStore> {
  if (database.kind === 'sqlite') return createSqliteKeyStore(database.sqlite);
  // Loaded only when used: a SQLite deployment never loads pg.
  const { createPostgresKeyStore } = await import('./postgres-store.ts');
  return createPostgresKeyStore(database.postgres);
}

export async function openKeyStore(config: DatabaseSettings): Promise<KeyStore> {
  const database = await openDatabase(config);
  try {
    return await createKeyStore(database);
  } catch (error) {
    await closeDatabase(database);
    throw error;
  }
}
