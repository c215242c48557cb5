// The development key `npm start` prints. The store keeps only hashes, so the
// key itself is kept beside the data (mode 0600) to be printed on every start;
// a revoked or missing one is replaced. It carries generous limits of its own
// so a newcomer exploring the API does not meet 429 in the first minute (the
// deployment defaults, 10 general / 5 calculation a minute, are for the public).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@ira/core/runtime/config';
import { makeDataDir } from '@ira/core/runtime/data-dir';
import { hashKey } from '@ira/core/runtime/keys/api-key';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { openKeyStore } from '@ira/core/runtime/keys/open-store';
import type { ApiKeyRecord, KeyLimits } from '@ira/core/runtime/keys/types';

export const DEV_KEY_FILE = 'dev-api-key';
/** Requests per rate-limit window: enough for clicking through every endpoint and a test script. */
export const DEV_KEY_LIMITS = { general: 1000, calculation: 500 } as const satisfies KeyLimits;

export interface DevelopmentKey {
  key: string;
  file: string;
  created: boolean;
  limits: { general: number; calculation: number };
}

/** A kept key made before development keys had their own limits is replaced once. */
function usable(record: ApiKeyRecord | null): boolean {
  return (
    record !== null && record.revokedAt === null && record.limits.general !== null && record.limits.calculation !== null
  );
}

export async function ensureDevelopmentKey(config: Config): Promise<DevelopmentKey> {
  const file = path.join(config.dataDir, DEV_KEY_FILE);
  const store = await openKeyStore(config);
  try {
    const saved = (await readFile(file, 'utf8').catch(() => '')).trim();
    const record = saved ? await store.findKeyByHash(hashKey(saved)) : null;
    if (record && usable(record))
      return {
        key: saved,
        file,
        created: false,
        limits: { general: record.limits.general!, calculation: record.limits.calculation! },
      };
    if (record && record.revokedAt === null) await store.revokeKey(record.id);

    const { key } = await issueKey(store, { userId: null, name: 'development', limits: DEV_KEY_LIMITS });
    makeDataDir(config.dataDir);
    await writeFile(file, `${key}\n`, { mode: 0o600 });
    return { key, file, created: true, limits: { ...DEV_KEY_LIMITS } };
  } finally {
    await store.close();
  }
}
