// Astro session storage chosen at server start: private files under
// <DATA_DIR>/sessions for the embedded setup (src/session-files.ts), Redis when REDIS_URL is set so
// every portal instance shares sessions.
import path from 'node:path';
import redisDriver from 'unstorage/drivers/redis';
import { portalConfig } from './lib/portal-config.ts';
import { privateFileDriver } from './session-files.ts';
import type { RedisOptions } from 'ioredis';

const SESSION_KEY_PREFIX = 'ira:portal:session';

export default function sessionDriver() {
  const config = portalConfig();
  if (config.redisUrl !== null) {
    // The same bounds as the API's Redis client (packages/core/src/service-deps.ts):
    // while Redis is down or hung a session read fails within DEPENDENCY_TIMEOUT_MS
    // (the page answers 503, src/middleware.ts) instead of hanging.
    const timeoutMs = config.dependencyTimeoutMs;
    // The client connects on first use, so commands may wait for the connection;
    // commandTimeout bounds that wait too. Typed as ioredis's own options: the
    // driver passes them through to ioredis.
    const bounds: RedisOptions = { connectTimeout: timeoutMs, commandTimeout: timeoutMs, socketTimeout: timeoutMs, maxRetriesPerRequest: 1 };
    return redisDriver({ url: config.redisUrl, base: SESSION_KEY_PREFIX, ...bounds });
  }
  return privateFileDriver({ base: path.join(config.dataDir, 'sessions') });
}
