// The portal's two stores on one database (SQLite under DATA_DIR, or one PostgreSQL pool):
// core's key store, shared with the API, and the portal's own user store. Opened once per
// portal process on first use. A failed open is not kept: if PostgreSQL is down the first
// time, the next request tries again.
import { closeDatabase, openDatabase, type Database, type DatabaseSettings } from '@ira/core/database/open-database';
import { createKeyStore } from '@ira/core/keys/open-store';
import type { KeyStore } from '@ira/core/keys/types';
import { createUserStore } from './accounts/open-user-store.ts';
import type { UserStore } from './accounts/user-store.ts';
import { portalConfig } from './portal-config.ts';

export interface PortalStores {
  keys: KeyStore;
  users: UserStore;
  /** Closes the database both stores run on. */
  close(): Promise<void>;
}

/** Each store creates its own tables if missing; either may be first on a new database. */
export async function createPortalStores(database: Database): Promise<PortalStores> {
  try {
    const keys = await createKeyStore(database);
    const users = await createUserStore(database);
    return { keys, users, close: () => closeDatabase(database) };
  } catch (error) {
    await closeDatabase(database);
    throw error;
  }
}

export async function openPortalStores(config: DatabaseSettings): Promise<PortalStores> {
  return createPortalStores(await openDatabase(config));
}

export function createLazyStore<T>(open: () => Promise<T>): () => Promise<T> {
  let store: Promise<T> | undefined;
  return () => {
    store ??= open().catch((error: unknown) => {
      store = undefined;
      throw error;
    });
    return store;
  };
}

export const portalStores = createLazyStore(() => openPortalStores(portalConfig()));
