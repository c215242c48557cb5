// API key format (docs/api-decisions.md "Authentication"), modelled on GitHub's token format
// (github.blog 2021-04-05 "Behind GitHub's new authentication token formats"):
// a fixed prefix secret scanners can match, 32 random bytes in base62, and a
// base62 CRC32 checksum so a mistyped or made-up key is rejected offline.
import { hash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

export const API_KEY_PREFIX = 'ira_live_';

const BASE62_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_BYTES = 32;
// ceil(256 bits / log2(62)) = 43 characters hold any 32-byte value.
const RANDOM_CHARS = 43;
// ceil(32 bits / log2(62)) = 6 characters hold any CRC32 value.
const CHECKSUM_CHARS = 6;
/** Characters of the random part kept for display ("ira_live_3fKq"). */
const DISPLAY_CHARS = 4;

export const API_KEY_LENGTH = API_KEY_PREFIX.length + RANDOM_CHARS + CHECKSUM_CHARS;
export const DISPLAY_START_LENGTH = API_KEY_PREFIX.length + DISPLAY_CHARS;

const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${RANDOM_CHARS + CHECKSUM_CHARS}}$`);

function toBase62(value: bigint, width: number): string {
  let digits = '';
  let rest = value;
  while (rest > 0n) {
    digits = BASE62_ALPHABET[Number(rest % 62n)] + digits;
    rest /= 62n;
  }
  return digits.padStart(width, '0');
}

/** Checksum of everything before it: the prefix and the random part. */
function checksum(body: string): string {
  return toBase62(BigInt(crc32(body)), CHECKSUM_CHARS);
}

export function generateApiKey(): string {
  const random = toBase62(BigInt(`0x${randomBytes(RANDOM_BYTES).toString('hex')}`), RANDOM_CHARS);
  const body = API_KEY_PREFIX + random;
  return body + checksum(body);
}

/** Prefix, charset, length and checksum; no store lookup needed. */
export function isWellFormedKey(key: string): boolean {
  if (typeof key !== 'string' || key.length !== API_KEY_LENGTH || !KEY_PATTERN.test(key)) return false;
  const body = key.slice(0, -CHECKSUM_CHARS);
  return checksum(body) === key.slice(-CHECKSUM_CHARS);
}

/** hex SHA-256: keys are 256-bit random, so a fast unsalted hash is enough to store them. */
export function hashKey(key: string): string {
  return hash('sha256', key); // one-shot: no Hash object per request
}

/** The prefix plus the first characters of the random part, safe to show and store. */
export function displayStart(key: string): string {
  return key.slice(0, DISPLAY_START_LENGTH);
}
