// The shared account and key store (SQLite under DATA_DIR, or PostgreSQL),
// opened once per portal process on first use.
import { openKeyStore } from '@ira/core/keys/open-store';
import type { KeyStore } from '@ira/core/keys/types';
import { portalConfig } from './portal-config.ts';

let store: Promise<KeyStore> | undefined;

export function portalStore(): Promise<KeyStore> {
  store ??= openKeyStore(portalConfig());
  return store;
}
