// The one KeyStore contract suite (docs/operations.md "Scaling out"), run against every adapter by
// sqlite-store.test.ts and postgres-store.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayStart, generateApiKey, hashKey } from './api-key.ts';
import type { KeyStore, NewKey } from './types.ts';

export interface StoreFactory {
  /** Opens a store on an empty database of its own. */
  open(): Promise<KeyStore>;
  /** Opens a second store on the same database (another process would). */
  openAgain(): Promise<KeyStore>;
  /**
   * Opens a store on a database of its own made by a release before the split of accounts
   * (@ira/testing/schema-before-split), holding one user whose id is `userId`.
   */
  openMadeBeforeSplit(userId: string): Promise<KeyStore>;
  /** Drops what `open` and `openMadeBeforeSplit` created. */
  cleanup(): Promise<void>;
}

function newKey(overrides: Partial<NewKey> = {}): NewKey & { key: string } {
  const key = generateApiKey();
  return {
    key,
    userId: null,
    name: 'test key',
    start: displayStart(key),
    hash: hashKey(key),
    limits: { general: null, calculation: null },
    ...overrides,
  };
}

export function runKeyStoreContract(adapter: string, factory: StoreFactory): void {
  describe(`KeyStore contract: ${adapter}`, () => {
    let store: KeyStore;
    beforeAll(async () => {
      store = await factory.open();
    });
    afterAll(async () => {
      await store.close();
      await factory.cleanup();
    });

    // Owners are portal user ids; the key store keeps them without a users table of its own.
    it('creates a key and finds it by hash, with its owner and limits', async () => {
      const input = newKey({ userId: 'user-keys', name: 'mine', limits: { general: 100, calculation: null } });
      const record = await store.createKey(input);
      expect(record).toMatchObject({
        userId: 'user-keys',
        name: 'mine',
        start: input.start,
        hash: input.hash,
        lastUsedAt: null,
        revokedAt: null,
      });
      expect(record.limits).toEqual({ general: 100, calculation: null });
      expect(await store.findKeyByHash(input.hash)).toEqual(record);
      expect(await store.findKeyByHash(hashKey(generateApiKey()))).toBeNull();
    });

    it('lists every key, shell keys (null) or one user’s keys', async () => {
      const owner = 'user-lister';
      const shellKey = await store.createKey(newKey());
      const ownedKey = await store.createKey(newKey({ userId: owner }));
      const ids = (records: { id: string }[]) => records.map((record) => record.id);
      expect(ids(await store.listKeys())).toEqual(expect.arrayContaining([shellKey.id, ownedKey.id]));
      expect(ids(await store.listKeys(null))).toContain(shellKey.id);
      expect(ids(await store.listKeys(null))).not.toContain(ownedKey.id);
      expect(ids(await store.listKeys(owner))).toEqual([ownedKey.id]);
    });

    it('revokes exactly one key by its id, only the owner’s when a user is given', async () => {
      const owner = 'user-revoker';
      const byId = await store.createKey(newKey({ userId: owner }));
      const kept = await store.createKey(newKey({ userId: owner }));
      expect(await store.revokeKey(byId.id, 'user-other')).toBeNull();
      const revoked = await store.revokeKey(byId.id, owner);
      expect(revoked?.id).toBe(byId.id);
      expect(revoked?.revokedAt).toBeInstanceOf(Date);
      expect((await store.findKeyByHash(byId.hash))!.revokedAt).toBeInstanceOf(Date);
      // Revoking again matches nothing: only active keys are revoked.
      expect(await store.revokeKey(byId.id)).toBeNull();
      // A piece of an id or a display start is not an id.
      expect(await store.revokeKey(kept.id.slice(0, 1), owner)).toBeNull();
      expect(await store.revokeKey(kept.start)).toBeNull();
      expect(await store.revokeKey('i')).toBeNull();
      expect((await store.findKeyByHash(kept.hash))!.revokedAt).toBeNull();
    });

    it('adds usage batches per key, category and day, and moves lastUsedAt forward only', async () => {
      const record = await store.createKey(newKey());
      const later = new Date('2026-03-02T10:00:00.000Z');
      const earlier = new Date('2026-03-01T09:00:00.000Z');
      await store.recordUsage([
        { keyId: record.id, category: 'general', day: '2026-03-01', count: 3, lastUsedAt: earlier },
        { keyId: record.id, category: 'calculation', day: '2026-03-02', count: 1, lastUsedAt: later },
      ]);
      await store.recordUsage([
        { keyId: record.id, category: 'general', day: '2026-03-01', count: 2, lastUsedAt: earlier },
      ]);
      await store.recordUsage([]);
      expect(await store.usageSince([record.id], '2026-03-01')).toEqual([
        { keyId: record.id, category: 'general', day: '2026-03-01', count: 5 },
        { keyId: record.id, category: 'calculation', day: '2026-03-02', count: 1 },
      ]);
      expect(await store.usageSince([record.id], '2026-03-02')).toHaveLength(1);
      expect(await store.usageSince([], '2026-01-01')).toEqual([]);
      expect((await store.findKeyByHash(record.hash))!.lastUsedAt).toEqual(later);
    });

    it('keeps working on a database made before the split, whose api_keys.user_id still references users', async () => {
      const before = await factory.openMadeBeforeSplit('user-before-split');
      try {
        const owned = await before.createKey(newKey({ userId: 'user-before-split' }));
        const shell = await before.createKey(newKey());
        expect((await before.listKeys('user-before-split')).map((record) => record.id)).toEqual([owned.id]);
        expect((await before.listKeys(null)).map((record) => record.id)).toEqual([shell.id]);
        await before.recordUsage([
          { keyId: owned.id, category: 'general', day: '2026-03-01', count: 1, lastUsedAt: new Date() },
        ]);
        expect(await before.usageSince([owned.id], '2026-03-01')).toHaveLength(1);
        // That database keeps its foreign key: an owner that is not one of its users is refused.
        await expect(before.createKey(newKey({ userId: 'no-such-user' }))).rejects.toThrow(/foreign key/i);
      } finally {
        await before.close();
      }
    });

    it('sees what another connection to the same database wrote', async () => {
      const second = await factory.openAgain();
      try {
        const input = newKey();
        await second.createKey(input);
        expect((await store.findKeyByHash(input.hash))?.start).toBe(input.start);
      } finally {
        await second.close();
      }
    });
  });
}
