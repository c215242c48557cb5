import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

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
