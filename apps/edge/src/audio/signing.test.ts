import type * as nodeCrypto from 'node:crypto';
import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createSignatureCheck, parseRawQuery, signedUrl, signPath } from './signing.ts';

// Counts the HMACs signing.ts computes (the test's own hmacHex below is counted too: reset before each count).
const hmacs = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof nodeCrypto>();
  return {
    ...crypto,
    createHmac: (...args: Parameters<typeof crypto.createHmac>) => {
      hmacs.count++;
      return crypto.createHmac(...args);
    },
  };
});

const SECRET = 'a-test-secret-that-is-long-enough-000';
const PATH = '/api/v1/audio/asma-ul-husna/01.mp3';
const NOW_MS = Date.UTC(2025, 0, 1);
const signer = { secret: SECRET, origin: 'https://api.example', lifetimeS: 3600 };
/** The HMAC computed here with node:crypto, independently of signing.ts. */
const hmacHex = (message: string, secret = SECRET) => createHmac('sha256', secret).update(message).digest('hex');

function queryOf(url: string) {
  return parseRawQuery(new URL(url).search.slice(1));
}

describe('signPath', () => {
  it('is hex HMAC-SHA256 of "<path>?expires=<expires>" (docs/api-decisions.md, signed audio)', () => {
    expect(signPath(SECRET, PATH, 1735693200)).toBe(hmacHex(`${PATH}?expires=1735693200`));
  });

  it('signs with the secret it is given each time, as secrets alternate (non-ASCII too)', () => {
    const other = 'another-secret-ünïcode-long-enough-0000';
    for (const secret of [SECRET, other, SECRET, other]) {
      expect(signPath(secret, PATH, 1735693200)).toBe(hmacHex(`${PATH}?expires=1735693200`, secret));
    }
  });
});

describe('signedUrl', () => {
  it('puts the origin in front and expires lifetimeS after now', () => {
    const url = signedUrl(signer, PATH, NOW_MS + 999);
    // 2025-01-01T00:00:00Z is 1735689600; one hour later is 1735693200.
    expect(url).toBe(
      `https://api.example${PATH}?expires=1735693200&signature=${hmacHex(`${PATH}?expires=1735693200`)}`,
    );
  });
});

describe('createSignatureCheck', () => {
  const verifySignature = (secret: string, ...rest: Parameters<ReturnType<typeof createSignatureCheck>>) =>
    createSignatureCheck(secret)(...rest);
  const url = signedUrl(signer, PATH, NOW_MS);
  const { signature, expires } = Object.fromEntries(new URL(url).searchParams) as {
    signature: string;
    expires: string;
  };

  it('accepts its own link until it expires, then says expired', () => {
    expect(verifySignature(SECRET, PATH, queryOf(url), NOW_MS)).toBe('valid');
    expect(verifySignature(SECRET, PATH, queryOf(url), NOW_MS + 3599_000)).toBe('valid');
    expect(verifySignature(SECRET, PATH, queryOf(url), NOW_MS + 3600_000)).toBe('expired');
  });

  it('refuses another path, another secret, a moved expiry or a flipped digit', () => {
    expect(verifySignature(SECRET, '/api/v1/audio/asma-ul-husna/02.mp3', queryOf(url), NOW_MS)).toBe('invalid');
    expect(verifySignature('another-secret-that-is-long-enough', PATH, queryOf(url), NOW_MS)).toBe('invalid');
    const later = parseRawQuery(`expires=${Number(expires) + 1}&signature=${signature}`);
    expect(verifySignature(SECRET, PATH, later, NOW_MS)).toBe('invalid');
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(verifySignature(SECRET, PATH, parseRawQuery(`expires=${expires}&signature=${flipped}`), NOW_MS)).toBe(
      'invalid',
    );
  });

  it.each([
    ['missing signature', (e: string) => `expires=${e}`],
    ['missing expires', (_e: string, s: string) => `signature=${s}`],
    ['upper-case hex', (e: string, s: string) => `expires=${e}&signature=${s.toUpperCase()}`],
    ['trailing junk after the hex (Node would drop it)', (e: string, s: string) => `expires=${e}&signature=${s}zz`],
    [
      'percent-encoded hex',
      (e: string, s: string) => `expires=${e}&signature=%${s.charCodeAt(0).toString(16)}${s.slice(1)}`,
    ],
    ['duplicated signature', (e: string, s: string) => `expires=${e}&signature=${s}&signature=${s}`],
    ['duplicated expires', (e: string, s: string) => `expires=${e}&expires=${e}&signature=${s}`],
    ['expires with a sign', (e: string, s: string) => `expires=+${e}&signature=${s}`],
    ['expires longer than 10 digits', (e: string, s: string) => `expires=0${e}&signature=${s}`],
  ])('refuses %s', (_name, build) => {
    expect(verifySignature(SECRET, PATH, parseRawQuery(build(expires, signature)), NOW_MS)).toBe('invalid');
  });
});

describe('a signature check keeps the links that passed', () => {
  const link = (path: string) => queryOf(signedUrl(signer, path, NOW_MS));
  const other = '/api/v1/audio/asma-ul-husna/02.mp3';

  it("computes a link's HMAC once, then compares its later reads with the kept digest", () => {
    const check = createSignatureCheck(SECRET);
    const query = link(PATH);
    hmacs.count = 0;
    for (let read = 0; read < 3; read++) expect(check(PATH, query, NOW_MS)).toBe('valid');
    expect(hmacs.count).toBe(1);
  });

  it('still refuses a flipped digit and says expired for a kept link', () => {
    const check = createSignatureCheck(SECRET);
    const query = link(PATH);
    expect(check(PATH, query, NOW_MS)).toBe('valid');
    const signature = query.get('signature')![0]!;
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    const expires = query.get('expires')![0]!;
    expect(check(PATH, parseRawQuery(`expires=${expires}&signature=${flipped}`), NOW_MS)).toBe('invalid');
    expect(check(PATH, query, NOW_MS + 3600_000)).toBe('expired');
  });

  it('keeps nothing for a link that failed', () => {
    const check = createSignatureCheck(SECRET);
    const query = link(PATH);
    hmacs.count = 0;
    for (let read = 0; read < 2; read++) expect(check(other, query, NOW_MS)).toBe('invalid');
    expect(hmacs.count).toBe(2);
  });

  it('keeps at most the number of links it is given, dropping the least recently read', () => {
    const check = createSignatureCheck(SECRET, 1);
    expect(check(PATH, link(PATH), NOW_MS)).toBe('valid');
    expect(check(other, link(other), NOW_MS)).toBe('valid');
    hmacs.count = 0;
    expect(check(other, link(other), NOW_MS)).toBe('valid');
    expect(hmacs.count).toBe(1); // link() signs once; the check computes nothing
    expect(check(PATH, link(PATH), NOW_MS)).toBe('valid');
    expect(hmacs.count).toBe(3);
  });
});
