import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayStart, hashKey, isWellFormedKey } from './api-key.ts';
import { issueKey, KeyInputError, revokeKey } from './key-service.ts';
import { openSqliteStore } from './sqlite-store.ts';
import type { KeyStore } from './types.ts';

let dir = '';
let store: KeyStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ira-key-service-'));
  store = openSqliteStore(path.join(dir, 'ira.sqlite'));
});

afterAll(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('issueKey', () => {
  it('returns the full key once and stores only its hash and display start', async () => {
    const { key, record } = await issueKey(store, { userId: null, name: '  CI key ', limits: { general: 50 } });
    expect(isWellFormedKey(key)).toBe(true);
    expect(record).toMatchObject({ name: 'CI key', start: displayStart(key), hash: hashKey(key), limits: { general: 50, calculation: null } });
    expect(JSON.stringify(await store.listKeys())).not.toContain(key);
  });

  it('refuses an empty or overlong name and limits that are not whole numbers ≥ 1', async () => {
    await expect(issueKey(store, { userId: null, name: '  ' })).rejects.toBeInstanceOf(KeyInputError);
    await expect(issueKey(store, { userId: null, name: 'x'.repeat(101) })).rejects.toBeInstanceOf(KeyInputError);
    await expect(issueKey(store, { userId: null, name: 'a', limits: { general: 0 } })).rejects.toThrow(/general limit/);
    await expect(issueKey(store, { userId: null, name: 'a', limits: { calculation: 1.5 } })).rejects.toThrow(/calculation limit/);
  });
});

describe('revokeKey', () => {
  it('revokes by full key, by id and by display start (or a longer piece of the key)', async () => {
    const full = await issueKey(store, { userId: null, name: 'full' });
    const byId = await issueKey(store, { userId: null, name: 'id' });
    const byPiece = await issueKey(store, { userId: null, name: 'piece' });
    expect((await revokeKey(store, full.key)).map((r) => r.id)).toEqual([full.record.id]);
    expect((await revokeKey(store, byId.record.id)).map((r) => r.id)).toEqual([byId.record.id]);
    expect((await revokeKey(store, byPiece.key.slice(0, 20))).map((r) => r.id)).toEqual([byPiece.record.id]);
    expect(await revokeKey(store, full.key)).toEqual([]);
  });

  it('refuses a prefix shorter than the display start and a full-length key with a bad checksum', async () => {
    const { key } = await issueKey(store, { userId: null, name: 'kept' });
    await expect(revokeKey(store, 'ira_live_')).rejects.toBeInstanceOf(KeyInputError);
    await expect(revokeKey(store, key.slice(0, 12))).rejects.toBeInstanceOf(KeyInputError);
    const mistyped = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    await expect(revokeKey(store, mistyped)).rejects.toThrow(/checksum/);
    await expect(revokeKey(store, ' ')).rejects.toBeInstanceOf(KeyInputError);
    expect((await store.findKeyByHash(hashKey(key)))!.revokedAt).toBeNull();
  });

  it("revokes only the given user's keys when a user id is passed", async () => {
    const owner = await store.createUser('owner@example.com', 'h');
    const { key, record } = await issueKey(store, { userId: owner.id, name: 'owned' });
    expect(await revokeKey(store, key, 'someone-else')).toEqual([]);
    expect((await revokeKey(store, record.start, owner.id)).map((r) => r.id)).toEqual([record.id]);
  });
});
