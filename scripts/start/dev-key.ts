// The development key `npm start` prints. The store keeps only hashes, so the
// key itself is kept beside the data (mode 0600) to be printed on every start;
// a revoked or missing one is replaced.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@ira/core/config';
import { hashKey } from '@ira/core/keys/api-key';
import { issueKey } from '@ira/core/keys/key-service';
import { openKeyStore } from '@ira/core/keys/open-store';

export const DEV_KEY_FILE = 'dev-api-key';

export interface DevelopmentKey {
  key: string;
  file: string;
  created: boolean;
}

export async function ensureDevelopmentKey(config: Config): Promise<DevelopmentKey> {
  const file = path.join(config.dataDir, DEV_KEY_FILE);
  const store = await openKeyStore(config);
  try {
    const saved = (await readFile(file, 'utf8').catch(() => '')).trim();
    const record = saved ? await store.findKeyByHash(hashKey(saved)) : null;
    if (record && record.revokedAt === null) return { key: saved, file, created: false };

    const { key } = await issueKey(store, { userId: null, name: 'development' });
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return { key, file, created: true };
  } finally {
    await store.close();
  }
}
