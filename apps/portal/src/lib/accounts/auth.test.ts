// Sign-in and sign-up against attempts sent all at once (issue 38): each attempt is counted
// before the password is hashed, so at most the limit reach Argon2; and a sign-up for an
// email that has an account is answered like any other, after the same hashing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDatabase, openDatabase, type Database } from '@ira/core/runtime/database/open-database';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignInThrottle, MAX_FAILURES } from '../sign-in-throttle.ts';
import { createSignUpLimit } from '../sign-up-limit.ts';
import { MAX_EMAIL_LENGTH, signIn, signUp } from './auth.ts';
import { createUserStore } from './open-user-store.ts';
import type { UserStore } from './user-store.ts';

const argon2 = vi.hoisted(() => ({ hashes: 0, checks: 0 }));

vi.mock(import('../password.ts'), async (importOriginal) => {
  const password = await importOriginal();
  return {
    ...password,
    hashPassword: (text: string) => {
      argon2.hashes += 1;
      return password.hashPassword(text);
    },
    verifyPassword: (text: string, phc: string) => {
      argon2.checks += 1;
      return password.verifyPassword(text, phc);
    },
  };
});

const PASSWORD = 'correct horse battery';
const SIGN_UPS_PER_HOUR = 5;
let dir = '';
let database: Database;
let users: UserStore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ira-auth-'));
  database = await openDatabase({ dataDir: dir, databaseUrl: null });
  users = await createUserStore(database);
});

afterAll(async () => {
  await closeDatabase(database);
  await rm(dir, { recursive: true, force: true });
});

const counts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((all, status) => ({ ...all, [status]: (all[status] ?? 0) + 1 }), {});

describe('signIn, attempts sent at once', () => {
  it(`lets ${MAX_FAILURES} of 30 wrong passwords reach Argon2 and answers the rest 429`, async () => {
    const throttle = createSignInThrottle();
    await signUp(users, createSignUpLimit(SIGN_UPS_PER_HOUR), 'burst@example.com', PASSWORD, '10.0.0.1');
    argon2.checks = 0;
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        signIn(users, throttle, 'burst@example.com', `wrong guess ${i}`, '10.0.0.2'),
      ),
    );
    expect(counts(results.map((result) => (result.ok ? 200 : result.status)))).toEqual({ 401: MAX_FAILURES, 429: 25 });
    expect(argon2.checks).toBe(MAX_FAILURES);
  });

  it('refuses the right password sent after a burst of wrong ones has used the limit', async () => {
    const throttle = createSignInThrottle();
    await signUp(users, createSignUpLimit(SIGN_UPS_PER_HOUR), 'owner@example.com', PASSWORD, '10.0.0.3');
    const wrong = Array.from({ length: 15 }, (_, i) =>
      signIn(users, throttle, 'owner@example.com', `wrong guess ${i}`, '10.0.0.4'),
    );
    const right = signIn(users, throttle, 'owner@example.com', PASSWORD, '10.0.0.4');
    await Promise.all(wrong);
    expect(await right).toMatchObject({ ok: false, status: 429 });
  });

  it('refuses an email longer than 254 characters before counting or hashing anything', async () => {
    const throttle = createSignInThrottle();
    argon2.checks = 0;
    const long = `${'a'.repeat(63 * 1024)}@example.com`;
    for (let i = 0; i < MAX_FAILURES + 1; i += 1)
      expect(await signIn(users, throttle, long, PASSWORD, '10.0.0.5')).toMatchObject({ ok: false, status: 400 });
    expect(argon2.checks).toBe(0);
    expect((await signIn(users, throttle, 'nobody@example.com', PASSWORD, '10.0.0.5')).ok).toBe(false);
    expect(argon2.checks).toBe(1);
  });
});

describe('signUp', () => {
  it(`creates at most ${SIGN_UPS_PER_HOUR} of 12 accounts asked for at once from one address`, async () => {
    const limit = createSignUpLimit(SIGN_UPS_PER_HOUR);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(users, limit, `many${i}@example.com`, PASSWORD, '10.0.1.1')),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(SIGN_UPS_PER_HOUR);
    expect(results.filter((result) => !result.ok && result.status === 429)).toHaveLength(12 - SIGN_UPS_PER_HOUR);
  });

  it('answers an email that already has an account as a new one, after the same hashing, and counts it', async () => {
    const limit = createSignUpLimit(2);
    argon2.hashes = 0;
    const fresh = await signUp(users, limit, 'taken@example.com', PASSWORD, '10.0.1.2');
    expect(fresh).toMatchObject({ ok: true, user: { email: 'taken@example.com' } });
    const again = await signUp(users, limit, 'Taken@Example.com', 'another long password', '10.0.1.2');
    expect(again).toEqual({ ok: true, user: null });
    expect(argon2.hashes).toBe(2);
    expect(await signUp(users, limit, 'third@example.com', PASSWORD, '10.0.1.2')).toMatchObject({ status: 429 });
  });

  it('refuses weak passwords and long emails without counting them', async () => {
    const limit = createSignUpLimit(1);
    const refused = [
      ['spaces@example.com', ' '.repeat(10)],
      ['digits@example.com', '1234567890'],
      ['common@example.com', 'Password123'],
      [`${'a'.repeat(MAX_EMAIL_LENGTH)}@example.com`, PASSWORD],
    ];
    for (const [email, password] of refused)
      expect(await signUp(users, limit, email!, password!, '10.0.1.3'), email).toMatchObject({
        ok: false,
        status: 400,
      });
    expect(await signUp(users, limit, 'strong@example.com', PASSWORD, '10.0.1.3')).toMatchObject({ ok: true });
  });
});
