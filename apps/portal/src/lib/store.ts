// The shared account and key store (SQLite under DATA_DIR, or PostgreSQL),
// opened once per portal process on first use. A failed open is not kept: if
// PostgreSQL is down the first time, the next request tries again.
import { openKeyStore } from '@ira/core/keys/open-store';
import type { KeyStore } from '@ira/core/keys/types';
import { portalConfig } from './portal-config.ts';

export function createLazyStore(open: () => Promise<KeyStore>): () => Promise<KeyStore> {
  let store: Promise<KeyStore> | undefined;
  return () => {
    store ??= open().catch((error: unknown) => {
      store = undefined;
      throw error;
    });
    return store;
  };
}

export const portalStore = createLazyStore(() => openKeyStore(portalConfig()));
