// Password hashing with Argon2id through Node's built-in crypto.argon2 (docs/operations.md "Scaling out"),
// stored as a PHC string: $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>.
import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { createTurns } from '@ira/core/runtime/turns';

const argon2Async = promisify(argon2);

// OWASP Password Storage Cheat Sheet, Argon2id: m = 19 MiB, t = 2, p = 1.
const MEMORY_KIB = 19_456;
const PASSES = 2;
const PARALLELISM = 1;
const SALT_BYTES = 16;
const TAG_BYTES = 32;
const ARGON2_VERSION = 19;
export const MIN_PASSWORD_LENGTH = 10;
/** Bounds the work one sign-in can cause; long passphrases still fit. */
export const MAX_PASSWORD_LENGTH = 1024;

const PHC_PATTERN = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function b64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}

/**
 * Argon2 runs at most this many at once (19 MiB and ~50 ms of a core each),
 * so a burst of sign-ins cannot take every core and the memory from signed-in
 * users; at most MAX_QUEUED_HASHES more wait, beyond that PasswordBusyError.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);
export const MAX_QUEUED_HASHES = 32;
const hashes = createTurns(MAX_CONCURRENT_HASHES);

/** Too many password checks in progress; the caller answers 503 with Retry-After. */
export class PasswordBusyError extends Error {
  override name = 'PasswordBusyError';
}

async function derive(
  password: string,
  salt: Buffer,
  cost: Pick<Argon2Parameters, 'memory' | 'passes' | 'parallelism' | 'tagLength'>,
): Promise<Buffer> {
  if (hashes.waiting >= MAX_QUEUED_HASHES)
    throw new PasswordBusyError('Too many sign-ins in progress; try again in a few seconds.');
  return hashes.run(() => argon2Async('argon2id', { message: password, nonce: salt, ...cost }));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, {
    memory: MEMORY_KIB,
    passes: PASSES,
    parallelism: PARALLELISM,
    tagLength: TAG_BYTES,
  });
  return `$argon2id$v=${ARGON2_VERSION}$m=${MEMORY_KIB},t=${PASSES},p=${PARALLELISM}$${b64(salt)}$${b64(hash)}`;
}

/** Constant-time check against a stored PHC string; false for anything malformed. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = PHC_PATTERN.exec(phc);
  if (!match) return false;
  const [, memory, passes, parallelism, salt, hash] = match;
  const expected = Buffer.from(hash!, 'base64');
  const actual = await derive(password, Buffer.from(salt!, 'base64'), {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
