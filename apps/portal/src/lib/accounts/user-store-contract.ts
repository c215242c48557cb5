// The one UserStore contract suite, run against both databases by sqlite-user-store.test.ts
// and postgres-user-store.test.ts. The stores are opened as the portal opens them
// (createPortalStores): the user store beside core's key store, on one database.
import { randomUUID } from 'node:crypto';
import type { Database } from '@ira/core/database/open-database';
import { createKeyStore } from '@ira/core/keys/open-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPortalStores, type PortalStores } from '../store.ts';
import { createUserStore } from './open-user-store.ts';
import { EmailTakenError } from './user-store.ts';

export interface DatabaseFactory {
  /** Opens a new, empty database of its own. */
  create(): Promise<Database>;
  /** Opens another connection to the database `create` made last (another process would). */
  connectAgain(): Promise<Database>;
  /** Drops every database made so far. */
  cleanup(): Promise<void>;
}

const newKey = (name: string, userId: string | null = null) => ({ userId, name, start: 'ira_live_xxxx', hash: randomUUID(), limits: { general: null, calculation: null } });

export function runUserStoreContract(adapter: string, factory: DatabaseFactory): void {
  describe(`UserStore contract: ${adapter}`, () => {
    let stores: PortalStores;
    beforeAll(async () => {
      stores = await createPortalStores(await factory.create());
    });
    afterAll(async () => {
      await stores.close();
      await factory.cleanup();
    });

    it('creates users with a normalised email and finds them case-insensitively', async () => {
      const user = await stores.users.createUser('  Amina@Example.COM ', 'phc-hash');
      expect(user).toMatchObject({ email: 'amina@example.com', passwordHash: 'phc-hash' });
      expect(user.createdAt).toBeInstanceOf(Date);
      expect(await stores.users.findUserByEmail('AMINA@example.com')).toEqual(user);
      expect(await stores.users.findUserById(user.id)).toEqual(user);
      expect(await stores.users.findUserByEmail('nobody@example.com')).toBeNull();
      expect(await stores.users.findUserById('no-such-id')).toBeNull();
    });

    it('refuses a second user with the same email in another case', async () => {
      await stores.users.createUser('dup@example.com', 'a');
      await expect(stores.users.createUser('DUP@Example.com', 'b')).rejects.toBeInstanceOf(EmailTakenError);
    });

    it("keeps a user's keys in the key store on the same database", async () => {
      const user = await stores.users.createUser('owner@example.com', 'h');
      const key = await stores.keys.createKey(newKey('owned', user.id));
      expect((await stores.keys.listKeys(user.id)).map((record) => record.id)).toEqual([key.id]);
    });

    it('sees a user another connection to the same database created', async () => {
      const second = await createPortalStores(await factory.connectAgain());
      try {
        const user = await second.users.createUser('elsewhere@example.com', 'h');
        expect(await stores.users.findUserById(user.id)).toEqual(user);
      } finally {
        await second.close();
      }
    });
  });

  describe(`UserStore and KeyStore opened in either order: ${adapter}`, () => {
    afterAll(() => factory.cleanup());

    it('the key store first (the API or the key CLI ran before the portal), then the user store', async () => {
      const database = await factory.create();
      const keys = await createKeyStore(database);
      await keys.createKey(newKey('from the shell'));
      const users = await createUserStore(database);
      const user = await users.createUser('later@example.com', 'h');
      await keys.createKey(newKey('from the portal', user.id));
      expect((await keys.listKeys(null)).map((record) => record.name)).toEqual(['from the shell']);
      expect((await keys.listKeys(user.id)).map((record) => record.name)).toEqual(['from the portal']);
      await keys.close();
    });

    it('the user store first, then the key store', async () => {
      const database = await factory.create();
      const users = await createUserStore(database);
      const user = await users.createUser('first@example.com', 'h');
      const keys = await createKeyStore(database);
      await keys.createKey(newKey('mine', user.id));
      expect((await keys.listKeys(user.id)).map((record) => record.name)).toEqual(['mine']);
      await keys.close();
    });
  });
}
