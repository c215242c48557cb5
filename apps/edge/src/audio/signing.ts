// Signed audio links (docs/api-decisions.md "Signed audio"): the signature is the credential,
// so audio players can fetch without an API key.
// signature = hex(HMAC-SHA256(secret, "<path>?expires=<expires>")), expires in unix seconds.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { LRUCache } from 'lru-cache';

const SIGNATURE_PATTERN = /^[0-9a-f]{64}$/;
// Unix seconds; ten digits last until the year 2286.
const EXPIRES_PATTERN = /^\d{1,10}$/;
// Links whose digest a check keeps (~300 bytes each): many more than are played at once.
const KEPT_LINKS = 4096;

export interface Signer {
  secret: string;
  /** Put in front of the path, e.g. "http://localhost:3000". */
  origin: string;
  lifetimeS: number;
}

export type Verdict = 'valid' | 'invalid' | 'expired';

// The secret as a key object, made again only when another secret is given: createHmac
// given the string encodes and imports it for every link, and a mushaf page signs ~200
// (bench: quran-page-varying).
let keyed: { secret: string; key: KeyObject } | null = null;

function keyOf(secret: string): KeyObject {
  if (keyed?.secret !== secret) keyed = { secret, key: createSecretKey(Buffer.from(secret, 'utf8')) };
  return keyed.key;
}

export function signPath(secret: string, path: string, expires: number): string {
  return digestOf(secret, path, expires).toString('hex');
}

// digest() gives a Buffer of its own, not a slice of Node's shared pool: kept, it holds 32 bytes.
function digestOf(secret: string, path: string, expires: number): Buffer {
  return createHmac('sha256', keyOf(secret)).update(`${path}?expires=${expires}`).digest();
}

/** The absolute signed URL of `path`, valid for `lifetimeS` from `nowMs`. */
export function signedUrl(signer: Signer, path: string, nowMs: number): string {
  const expires = Math.floor(nowMs / 1000) + signer.lifetimeS;
  return `${signer.origin}${path}?expires=${expires}&signature=${signPath(signer.secret, path, expires)}`;
}

export type SignatureCheck = (path: string, query: QueryValues, nowMs: number) => Verdict;

/**
 * Checks links signed with `secret`: the signature, then the expiry. Both parameters must be
 * present exactly once and in their strict shape: Node's hex decoder silently drops trailing
 * junk, so the pattern is checked before decoding. A player reads one link in many Range
 * requests, so the digest of a link that passed is kept (the `keep` most recently read) and
 * its later reads are compared with it rather than hashed again (bench: audio-proxy-range-64k).
 */
export function createSignatureCheck(secret: string, keep = KEPT_LINKS): SignatureCheck {
  const passed = new LRUCache<string, Buffer>({ max: keep });
  return (path, query, nowMs) => {
    const expires = single(query.get('expires'));
    const signature = single(query.get('signature'));
    if (expires === null || signature === null) return 'invalid';
    if (!EXPIRES_PATTERN.test(expires) || !SIGNATURE_PATTERN.test(signature)) return 'invalid';
    const link = `${expires} ${path}`;
    const kept = passed.get(link);
    const expected = kept ?? digestOf(secret, path, Number(expires));
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
    if (kept === undefined) passed.set(link, expected);
    return Number(expires) * 1000 <= nowMs ? 'expired' : 'valid';
  };
}

/** Raw (still percent-encoded) values of each query parameter, in order of appearance. */
export type QueryValues = Map<string, string[]>;

/** Splits a raw query string without decoding, so `%66` never passes as `f`. */
export function parseRawQuery(querystring: string): QueryValues {
  const values: QueryValues = new Map();
  if (querystring === '') return values;
  for (const part of querystring.split('&')) {
    const eq = part.indexOf('=');
    const name = eq === -1 ? part : part.slice(0, eq);
    const list = values.get(name) ?? [];
    list.push(eq === -1 ? '' : part.slice(eq + 1));
    values.set(name, list);
  }
  return values;
}

function single(values: string[] | undefined): string | null {
  return values?.length === 1 ? values[0]! : null;
}
