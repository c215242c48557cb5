import { describe, expect, it } from 'vitest';
import {
  hashPassword,
  MAX_CONCURRENT_HASHES,
  MAX_QUEUED_HASHES,
  PasswordBusyError,
  verifyPassword,
} from './password.ts';

describe('hashPassword', () => {
  it('writes an Argon2id PHC string with a fresh salt each time', async () => {
    const [a, b] = await Promise.all([hashPassword('correct horse battery'), hashPassword('correct horse battery')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
  });
});

describe('verifyPassword', () => {
  it('accepts the password and rejects any other', async () => {
    const phc = await hashPassword('correct horse battery');
    expect(await verifyPassword('correct horse battery', phc)).toBe(true);
    expect(await verifyPassword('correct horse batterY', phc)).toBe(false);
  });

  it('rejects malformed or non-argon2id hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-sha256-hex')).toBe(false);
    expect(await verifyPassword('x', '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(false);
  });
});

describe('bounded Argon2 concurrency', () => {
  it('runs at most MAX_CONCURRENT_HASHES at once, MAX_QUEUED_HASHES waiting, refuses the rest at once', async () => {
    // A deliberately cheap PHC (8 KiB, one pass) so the test is fast; the gate does not depend on the cost.
    const unpadded = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');
    const cheap = `$argon2id$v=19$m=8,t=1,p=1$${unpadded(Buffer.alloc(16, 1))}$${unpadded(Buffer.alloc(32, 2))}`;
    const extra = 5;
    const outcomes = await Promise.all(
      Array.from({ length: MAX_CONCURRENT_HASHES + MAX_QUEUED_HASHES + extra }, () =>
        verifyPassword('guess', cheap).catch((error: unknown) => error),
      ),
    );
    expect(outcomes.filter((outcome) => outcome instanceof PasswordBusyError)).toHaveLength(extra);
    expect(outcomes.filter((outcome) => outcome === false)).toHaveLength(MAX_CONCURRENT_HASHES + MAX_QUEUED_HASHES);
    // Once the burst is over, checks run again.
    expect(await verifyPassword('guess', cheap)).toBe(false);
  });
});
