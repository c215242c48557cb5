// The one KeyStore contract suite (docs/operations.md "Scaling out"), run against every adapter by
// sqlite-store.test.ts and postgres-store.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayStart, generateApiKey, hashKey } from './api-key.ts';
import { EmailTakenError, type KeyStore, type NewKey } from './types.ts';

export interface StoreFactory {
  /** Opens a store on an empty database of its own. */
  open(): Promise<KeyStore>;
  /** Opens a second store on the same database (another process would). */
  openAgain(): Promise<KeyStore>;
  /** Drops what `open` created. */
  cleanup(): Promise<void>;
}

function newKey(overrides: Partial<NewKey> = {}): NewKey & { key: string } {
  const key = generateApiKey();
  return { key, userId: null, name: 'test key', start: displayStart(key), hash: hashKey(key), limits: { general: null, calculation: null }, ...overrides };
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

    it('creates users with a normalised email and finds them case-insensitively', async () => {
      const user = await store.createUser('  Amina@Example.COM ', 'phc-hash');
      expect(user).toMatchObject({ email: 'amina@example.com', passwordHash: 'phc-hash' });
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(await store.findUserByEmail('AMINA@example.com')).toEqual(user);
      expect(await store.findUserById(user.id)).toEqual(user);
      expect(await store.findUserByEmail('nobody@example.com')).toBeNull();
      expect(await store.findUserById('no-such-id')).toBeNull();
    });

    it('refuses a second user with the same email in another case', async () => {
      await store.createUser('dup@example.com', 'a');
      await expect(store.createUser('DUP@Example.com', 'b')).rejects.toBeInstanceOf(EmailTakenError);
    });

    it('creates a key and finds it by hash, with its limits', async () => {
      const user = await store.createUser('keys@example.com', 'h');
      const input = newKey({ userId: user.id, name: 'mine', limits: { general: 100, calculation: null } });
      const record = await store.createKey(input);
      expect(record).toMatchObject({ userId: user.id, name: 'mine', start: input.start, hash: input.hash, lastUsedAt: null, revokedAt: null });
      expect(record.limits).toEqual({ general: 100, calculation: null });
      expect(await store.findKeyByHash(input.hash)).toEqual(record);
      expect(await store.findKeyByHash(hashKey(generateApiKey()))).toBeNull();
    });

    it('lists every key, shell keys (null) or one user’s keys', async () => {
      const owner = await store.createUser('lister@example.com', 'h');
      const shellKey = await store.createKey(newKey());
      const ownedKey = await store.createKey(newKey({ userId: owner.id }));
      const ids = (records: { id: string }[]) => records.map((record) => record.id);
      expect(ids(await store.listKeys())).toEqual(expect.arrayContaining([shellKey.id, ownedKey.id]));
      expect(ids(await store.listKeys(null))).toContain(shellKey.id);
      expect(ids(await store.listKeys(null))).not.toContain(ownedKey.id);
      expect(ids(await store.listKeys(owner.id))).toEqual([ownedKey.id]);
    });

    it('revokes exactly one key by its id, only the owner’s when a user is given', async () => {
      const owner = await store.createUser('revoker@example.com', 'h');
      const other = await store.createUser('other@example.com', 'h');
      const byId = await store.createKey(newKey({ userId: owner.id }));
      const kept = await store.createKey(newKey({ userId: owner.id }));
      expect(await store.revokeKey(byId.id, other.id)).toBeNull();
      const revoked = await store.revokeKey(byId.id, owner.id);
      expect(revoked?.id).toBe(byId.id);
      expect(revoked?.revokedAt).toBeInstanceOf(Date);
      expect((await store.findKeyByHash(byId.hash))!.revokedAt).toBeInstanceOf(Date);
      // Revoking again matches nothing: only active keys are revoked.
      expect(await store.revokeKey(byId.id)).toBeNull();
      // A piece of an id or a display start is not an id.
      expect(await store.revokeKey(kept.id.slice(0, 1), owner.id)).toBeNull();
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
      await store.recordUsage([{ keyId: record.id, category: 'general', day: '2026-03-01', count: 2, lastUsedAt: earlier }]);
      await store.recordUsage([]);
      expect(await store.usageSince([record.id], '2026-03-01')).toEqual([
        { keyId: record.id, category: 'general', day: '2026-03-01', count: 5 },
        { keyId: record.id, category: 'calculation', day: '2026-03-02', count: 1 },
      ]);
      expect(await store.usageSince([record.id], '2026-03-02')).toHaveLength(1);
      expect(await store.usageSince([], '2026-01-01')).toEqual([]);
      expect((await store.findKeyByHash(record.hash))!.lastUsedAt).toEqual(later);
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
