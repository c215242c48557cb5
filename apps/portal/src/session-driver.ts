// Astro session storage chosen at server start (DESIGN §4): files under
// <DATA_DIR>/sessions for the embedded setup, Redis when REDIS_URL is set so
// every portal instance shares sessions.
import path from 'node:path';
import fsLiteDriver from 'unstorage/drivers/fs-lite';
import redisDriver from 'unstorage/drivers/redis';
import { portalConfig } from './lib/portal-config.ts';

const SESSION_KEY_PREFIX = 'ira:portal:session';

export default function sessionDriver() {
  const config = portalConfig();
  if (config.redisUrl !== null) return redisDriver({ url: config.redisUrl, base: SESSION_KEY_PREFIX });
  return fsLiteDriver({ base: path.join(config.dataDir, 'sessions') });
}
