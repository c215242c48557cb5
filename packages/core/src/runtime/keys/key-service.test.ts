import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayStart, hashKey, isWellFormedKey } from './api-key.ts';
import { findRevocable, issueKey, KeyInputError, revokeKey } from './key-service.ts';
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
    expect(record).toMatchObject({
      name: 'CI key',
      start: displayStart(key),
      hash: hashKey(key),
      limits: { general: 50, calculation: null },
    });
    expect(JSON.stringify(await store.listKeys())).not.toContain(key);
  });

  it('refuses an empty or overlong name and limits that are not whole numbers ≥ 1', async () => {
    await expect(issueKey(store, { userId: null, name: '  ' })).rejects.toBeInstanceOf(KeyInputError);
    await expect(issueKey(store, { userId: null, name: 'x'.repeat(101) })).rejects.toBeInstanceOf(KeyInputError);
    for (const name of ['\u001b[2J\u001b[31mowned', 'line\nbreak', 'gpj.\u202eexe'])
      await expect(issueKey(store, { userId: null, name }), JSON.stringify(name)).rejects.toThrow(
        'A key name may not hold control characters or bidirectional formatting characters.',
      );
    await expect(issueKey(store, { userId: null, name: 'a', limits: { general: 0 } })).rejects.toThrow(/general limit/);
    await expect(issueKey(store, { userId: null, name: 'a', limits: { calculation: 1.5 } })).rejects.toThrow(
      /calculation limit/,
    );
  });
});

describe('findRevocable / revokeKey', () => {
  it('revokes by full key, by id and by display start (or a longer piece of the key)', async () => {
    const full = await issueKey(store, { userId: null, name: 'full' });
    const byId = await issueKey(store, { userId: null, name: 'id' });
    const byPiece = await issueKey(store, { userId: null, name: 'piece' });
    expect((await revokeKey(store, full.key))?.id).toBe(full.record.id);
    expect((await revokeKey(store, byId.record.id))?.id).toBe(byId.record.id);
    expect((await revokeKey(store, byPiece.key.slice(0, 20)))?.id).toBe(byPiece.record.id);
    expect(await revokeKey(store, full.key)).toBeNull();
  });

  it('refuses anything shorter than the display start, even a piece of the prefix, and revokes nothing', async () => {
    const { key } = await issueKey(store, { userId: null, name: 'kept' });
    for (const short of ['i', 'ir', 'ira', 'ira_li', 'ira_live_', key.slice(0, 12), ' ', '%', '_']) {
      await expect(revokeKey(store, short), short).rejects.toBeInstanceOf(KeyInputError);
    }
    const mistyped = key.slice(0, -1) + (key.endsWith('a') ? 'b' : 'a');
    await expect(revokeKey(store, mistyped)).rejects.toThrow(/checksum/);
    expect((await store.findKeyByHash(hashKey(key)))!.revokedAt).toBeNull();
    expect((await store.listKeys()).filter((record) => record.revokedAt === null).length).toBeGreaterThan(0);
  });

  it('refuses a display start shared by several active keys and names them', async () => {
    const start = 'ira_live_ZZzz';
    const first = await store.createKey({
      userId: null,
      name: 'twin one',
      start,
      hash: 'a'.repeat(64),
      limits: { general: null, calculation: null },
    });
    const second = await store.createKey({
      userId: null,
      name: 'twin two',
      start,
      hash: 'b'.repeat(64),
      limits: { general: null, calculation: null },
    });
    expect((await findRevocable(store, start)).map((record) => record.id).sort()).toEqual([first.id, second.id].sort());
    const refusal = await revokeKey(store, start).catch((error: unknown) => error as Error);
    expect(refusal).toBeInstanceOf(KeyInputError);
    expect((refusal as Error).message).toMatch(/matches 2 active keys; give the full key or an id/);
    expect((refusal as Error).message).toContain('"twin one"');
    expect((refusal as Error).message).toContain('"twin two"');
    expect((await store.findKeyByHash('a'.repeat(64)))!.revokedAt).toBeNull();
    expect((await revokeKey(store, first.id))?.id).toBe(first.id);
    expect((await revokeKey(store, start))?.id).toBe(second.id);
  });

  it("revokes only the given user's keys when a user id is passed", async () => {
    const owner = { id: 'user-owner' };
    const { key, record } = await issueKey(store, { userId: owner.id, name: 'owned' });
    expect(await revokeKey(store, key, 'someone-else')).toBeNull();
    expect(await revokeKey(store, record.id, 'someone-else')).toBeNull();
    expect((await revokeKey(store, record.start, owner.id))?.id).toBe(record.id);
  });
});
