// Astro session storage chosen at server start: private files under
// <DATA_DIR>/sessions for the embedded setup (src/session-files.ts), Redis when REDIS_URL is set so
// every portal instance shares sessions. One storage per process: Astro's
// sessions, /readyz and the shutdown (src/portal-deps.ts) use the same one.
import path from 'node:path';
import redisDriver from 'unstorage/drivers/redis';
import type { Driver } from 'unstorage';
import { closeRedis } from '@ira/core/runtime/close-redis';
import type { Config } from '@ira/core/runtime/config';
import type { Redis, RedisOptions } from 'ioredis';
import { portalConfig } from './lib/portal-config.ts';
import { privateFileDriver } from './session-files.ts';

const SESSION_KEY_PREFIX = 'ira:portal:session';

export interface SessionStorage {
  driver: Driver;
  /** Resolves when the session store answers (always, for files). */
  ping(): Promise<void>;
  /** Closes the Redis client (QUIT, then waits for the socket to end). */
  close(): Promise<void>;
}

export function createSessionStorage(
  config: Pick<Config, 'redisUrl' | 'dataDir' | 'dependencyTimeoutMs'>,
): SessionStorage {
  if (config.redisUrl === null) {
    return {
      driver: privateFileDriver({ base: path.join(config.dataDir, 'sessions') }),
      ping: async () => undefined,
      close: async () => undefined,
    };
  }
  // The same bounds as the API's Redis client (packages/core/src/runtime/service-deps.ts):
  // while Redis is down or hung a session read fails within DEPENDENCY_TIMEOUT_MS
  // (the page answers 503, src/middleware.ts) instead of hanging.
  const timeoutMs = config.dependencyTimeoutMs;
  // The client connects on first use, so commands may wait for the connection;
  // commandTimeout bounds that wait too. Typed as ioredis's own options: the
  // driver passes them through to ioredis.
  const bounds: RedisOptions = {
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    maxRetriesPerRequest: 1,
  };
  const driver = redisDriver({ url: config.redisUrl, base: SESSION_KEY_PREFIX, ...bounds });
  // The driver makes its client on first use; getInstance() makes or returns it.
  const client = () => driver.getInstance!() as Redis;
  return {
    driver,
    ping: async () => void (await client().ping()),
    close: () => closeRedis(client()),
  };
}

let storage: SessionStorage | undefined;

export function sessionStorage(): SessionStorage {
  storage ??= createSessionStorage(portalConfig());
  return storage;
}

export default function sessionDriver(): Driver {
  return sessionStorage().driver;
}
