// The user store on the database the config chose (core's openDatabase): the SQLite file in
// DATA_DIR or the PostgreSQL pool, the same one the portal's key store runs on.
import type { Database } from '@ira/core/runtime/database/open-database';
import { createPostgresUserStore } from './postgres-user-store.ts';
import { createSqliteUserStore } from './sqlite-user-store.ts';
import type { UserStore } from './user-store.ts';

export async function createUserStore(database: Database): Promise<UserStore> {
  return database.kind === 'sqlite'
    ? createSqliteUserStore(database.sqlite)
    : createPostgresUserStore(database.postgres);
}
