// The development key `npm start` prints: generous limits of its own, kept
// across starts, and an older key without them replaced (and revoked) once.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '@ira/core/runtime/config';
import { hashKey } from '@ira/core/runtime/keys/api-key';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { openKeyStore } from '@ira/core/runtime/keys/open-store';
import { DEV_KEY_FILE, ensureDevelopmentKey } from './dev-key.ts';

let root: string;
let config: Config;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'ira-dev-key-'));
  config = loadConfig({ DATA_DIR: root });
});
afterEach(() => rm(root, { recursive: true, force: true }));

async function recordOf(key: string) {
  const store = await openKeyStore(config);
  try {
    return await store.findKeyByHash(hashKey(key));
  } finally {
    await store.close();
  }
}

describe('ensureDevelopmentKey', () => {
  it('creates a key allowing 1000 general and 500 calculation requests per window (defaults: 10 and 5)', async () => {
    const created = await ensureDevelopmentKey(config);
    expect(created).toMatchObject({ created: true, limits: { general: 1000, calculation: 500 } });
    expect((await recordOf(created.key))?.limits).toEqual({ general: 1000, calculation: 500 });
    const again = await ensureDevelopmentKey(config);
    expect(again).toMatchObject({ key: created.key, created: false });
  });

  it('replaces a kept key that has only the deployment defaults, and revokes it', async () => {
    const store = await openKeyStore(config);
    const { key: old } = await issueKey(store, { userId: null, name: 'development' });
    await store.close();
    await writeFile(path.join(root, DEV_KEY_FILE), `${old}\n`);
    const replaced = await ensureDevelopmentKey(config);
    expect(replaced.created).toBe(true);
    expect(replaced.key).not.toBe(old);
    expect((await recordOf(old))?.revokedAt).toBeInstanceOf(Date);
  });
});
