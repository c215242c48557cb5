// The one UserStore contract suite, run against both databases by sqlite-user-store.test.ts
// and postgres-user-store.test.ts. The stores are opened as the portal opens them
// (createPortalStores): the user store beside core's key store, on one database. It also
// checks the table ownership (docs/architecture.md "Who owns which tables"): either store may
// create its tables first, and a database made before the split keeps working.
import { randomUUID } from 'node:crypto';
import type { Database } from '@ira/core/runtime/database/open-database';
import { createKeyStore } from '@ira/core/runtime/keys/open-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyAction } from '../dashboard-actions.ts';
import { hashPassword } from '../password.ts';
import { createSignInThrottle } from '../sign-in-throttle.ts';
import { createSignUpLimit } from '../sign-up-limit.ts';
import { createPortalStores, type PortalStores } from '../store.ts';
import { signIn, signUp } from './auth.ts';
import { createUserStore } from './open-user-store.ts';
import { EmailTakenError, type UserRecord } from './user-store.ts';

export interface DatabaseFactory {
  /** Opens a new, empty database of its own. */
  create(): Promise<Database>;
  /** Opens another connection to the database `create` made last (another process would). */
  connectAgain(): Promise<Database>;
  /**
   * Opens a new database of its own whose tables a release before the split created
   * (@ira/testing/schema-before-split), holding `user` as that release stored it.
   */
  createBeforeSplit(user: Omit<UserRecord, 'createdAt'>): Promise<Database>;
  /** Drops every database made so far. */
  cleanup(): Promise<void>;
}

const newKey = (name: string, userId: string | null = null) => ({
  userId,
  name,
  start: 'ira_live_xxxx',
  hash: randomUUID(),
  limits: { general: null, calculation: null },
});

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

  describe(`A database made before the split: ${adapter}`, () => {
    afterAll(() => factory.cleanup());

    it('signs in the user that release created, gives them keys and refuses their email to a new account', async () => {
      const password = 'correct horse battery staple';
      const user = { id: 'user-before-split', email: 'before@example.com', passwordHash: await hashPassword(password) };
      const before = await createPortalStores(await factory.createBeforeSplit(user));
      try {
        const signedIn = await signIn(
          before.users,
          createSignInThrottle(),
          ' Before@Example.com',
          password,
          '127.0.0.1',
        );
        expect(signedIn).toMatchObject({ ok: true, user: { id: user.id, email: user.email } });
        // That database keeps its foreign key from api_keys.user_id to users.id: it holds for the user's key.
        expect((await createKeyAction(before.keys, user.id, 'after the split')).status).toBe(201);
        expect((await before.keys.listKeys(user.id)).map((record) => record.name)).toEqual(['after the split']);
        // Answered as a sign-up is (no enumeration), without an account.
        const again = await signUp(
          before.users,
          createSignUpLimit(5),
          'BEFORE@example.com',
          'another long password',
          '127.0.0.1',
        );
        expect(again).toEqual({ ok: true, user: null });
        expect((await before.users.findUserByEmail('before@example.com'))?.id).toBe(user.id);
      } finally {
        await before.close();
      }
    });
  });
}
