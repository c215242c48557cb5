// The portal's two stores on one database (SQLite under DATA_DIR, or one PostgreSQL pool):
// core's key store, shared with the API, and the portal's own user store. Opened once per
// portal process on first use and closed at shutdown (src/portal-deps.ts). A failed open is
// not kept: if PostgreSQL is down the first time, the next request tries again.
import {
  closeDatabase,
  openDatabase,
  type Database,
  type DatabaseSettings,
} from '@ira/core/runtime/database/open-database';
import { createKeyStore } from '@ira/core/runtime/keys/open-store';
import type { KeyStore } from '@ira/core/runtime/keys/types';
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

/** A store opened on first use; close() closes it if it was opened (at shutdown). */
export interface LazyStore<T extends { close(): Promise<void> }> {
  (): Promise<T>;
  close(): Promise<void>;
}

export function createLazyStore<T extends { close(): Promise<void> }>(open: () => Promise<T>): LazyStore<T> {
  let store: Promise<T> | undefined;
  const use = () => {
    store ??= open().catch((error: unknown) => {
      store = undefined;
      throw error;
    });
    return store;
  };
  return Object.assign(use, {
    async close() {
      const opened = store;
      store = undefined;
      // An open in progress is waited for, then closed; a failed one has nothing to close.
      await opened?.then(
        (value) => value.close(),
        () => undefined,
      );
    },
  });
}

export const portalStores = createLazyStore(() => openPortalStores(portalConfig()));
