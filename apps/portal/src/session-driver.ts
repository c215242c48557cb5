// Astro session storage chosen at server start: private files under
// <DATA_DIR>/sessions for the embedded setup (src/session-files.ts), Redis when REDIS_URL is set so
// every portal instance shares sessions.
import path from 'node:path';
import redisDriver from 'unstorage/drivers/redis';
import { portalConfig } from './lib/portal-config.ts';
import { privateFileDriver } from './session-files.ts';

const SESSION_KEY_PREFIX = 'ira:portal:session';

export default function sessionDriver() {
  const config = portalConfig();
  if (config.redisUrl !== null) return redisDriver({ url: config.redisUrl, base: SESSION_KEY_PREFIX });
  return privateFileDriver({ base: path.join(config.dataDir, 'sessions') });
}
