// What the portal depends on while it runs: the account database (keys and
// users on one pool, src/lib/store.ts) and the session store
// (src/session-driver.ts). /readyz asks both; the shutdown closes both.
import { createReadinessCheck, type Readiness } from '@ira/core/runtime/readiness';
import type { LazyStore, PortalStores } from './lib/store.ts';
import type { SessionStorage } from './session-driver.ts';

export interface PortalDeps {
  /** 200 when both answer, else 503 naming what does not ("account database", "session store"). */
  ready(): Promise<Readiness>;
  /** After the drain: ends the database pool and the session store's Redis client. */
  close(): Promise<void>;
}

export function createPortalDeps(stores: LazyStore<PortalStores>, sessions: SessionStorage): PortalDeps {
  return {
    ready: createReadinessCheck({
      // Opening counts as answering: a portal that never reached PostgreSQL is not ready.
      'account database': async () => (await stores()).keys.ping(),
      'session store': () => sessions.ping(),
    }),
    async close() {
      await Promise.all([stores.close(), sessions.close()]);
    },
  };
}
