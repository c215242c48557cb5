import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import type { KeyStore } from '@ira/core/runtime/keys/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserStore } from './accounts/user-store.ts';
import { createKeyAction, revokeKeyAction } from './dashboard-actions.ts';
import { openPortalStores, type PortalStores } from './store.ts';

let dir = '';
let stores: PortalStores;
let store: KeyStore;
let users: UserStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ira-dashboard-actions-'));
  stores = await openPortalStores({ dataDir: dir, databaseUrl: null });
  ({ keys: store, users } = stores);
});

afterAll(async () => {
  await stores.close();
  await rm(dir, { recursive: true, force: true });
});

const active = async (userId: string) => (await store.listKeys(userId)).filter((key) => key.revokedAt === null).length;

describe('createKeyAction', () => {
  it('refuses a name with control or bidirectional formatting characters, and makes no key', async () => {
    const user = await users.createUser('names@example.com', 'not a real hash');
    for (const name of ['\u001b]0;owned\u0007', 'invoice\u202efdp.exe']) {
      const outcome = await createKeyAction(store, user.id, name);
      expect(outcome.status, JSON.stringify(name)).toBe(400);
      expect(outcome.error).toContain('may not hold control characters');
    }
    expect(await active(user.id)).toBe(0);
  });
});

describe('revokeKeyAction', () => {
  it('revokes nothing for a forged key_id that is a piece of a key, a display start or a prefix', async () => {
    const user = await users.createUser('forger@example.com', 'h');
    const keys = await Promise.all([1, 2, 3].map((n) => issueKey(store, { userId: user.id, name: `k${n}` })));
    for (const forged of [
      'i',
      'ira',
      'ira_live_',
      keys[0]!.record.start,
      keys[0]!.record.id.slice(0, 8),
      '%',
      keys[0]!.key,
    ]) {
      expect((await revokeKeyAction(store, user.id, forged)).status, forged).toBe(404);
    }
    expect(await active(user.id)).toBe(3);
  });

  it("revokes exactly the signed-in user's key with that id, never another user's", async () => {
    const owner = await users.createUser('owner@example.com', 'h');
    const other = await users.createUser('other@example.com', 'h');
    const { record } = await issueKey(store, { userId: owner.id, name: 'mine' });
    expect((await revokeKeyAction(store, other.id, record.id)).status).toBe(404);
    const outcome = await revokeKeyAction(store, owner.id, record.id);
    expect(outcome).toMatchObject({ status: 200, notice: expect.stringContaining('mine') });
    expect((await revokeKeyAction(store, owner.id, record.id)).status).toBe(404);
  });
});
