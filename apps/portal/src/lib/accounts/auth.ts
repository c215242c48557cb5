// Sign-up and sign-in rules. Failures are values with a message safe to show;
// messages never say whether an email has an account (no user enumeration).
import {
  hashPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PasswordBusyError,
  verifyPassword,
} from '../password.ts';
import type { SignInThrottle } from '../sign-in-throttle.ts';
import type { SignUpLimit } from '../sign-up-limit.ts';
import { normalizeEmail } from './normalize-email.ts';
import { weakPasswordReason } from './weak-password.ts';
import { EmailTakenError, type UserRecord, type UserStore } from './user-store.ts';

/** retryAfterS: for 429 and 503, sent as Retry-After. */
export type AuthResult =
  { ok: true; user: UserRecord } | { ok: false; status: number; error: string; retryAfterS?: number };

/** A sign-up that was judged: `user` is null when the email already had an account (answered the same). */
export type SignUpResult = { ok: true; user: UserRecord | null } | Extract<AuthResult, { ok: false }>;

/** A busy Argon2 gate clears in moments; come back after this long. */
const BUSY_RETRY_AFTER_S = 5;

/** RFC 5321 §4.5.3.1.3: a path of at most 256 octets, so an address of at most 254 characters. */
export const MAX_EMAIL_LENGTH = 254;
// Deliberately loose (one @, a dot in the domain, no spaces): the address is an
// account name here, nothing is mailed to it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
const INVALID_EMAIL = 'Enter a valid email address, like name@example.com.';
// A fixed hash to verify against when the email is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

function checkInput(email: string, password: string): string | null {
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email)) return INVALID_EMAIL;
  if (password.length < MIN_PASSWORD_LENGTH) return `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  return weakPasswordReason(password);
}

const busy = (error: PasswordBusyError) =>
  ({ ok: false, status: 503, error: error.message, retryAfterS: BUSY_RETRY_AFTER_S }) as const;

function tooManyAttempts(retryAfterS: number, what: string) {
  return {
    ok: false,
    status: 429,
    error: `Too many ${what}. Try again in ${Math.ceil(retryAfterS / 60)} minute(s).`,
    retryAfterS,
  } as const;
}

/**
 * A new account, or, for an email that already has one, the same answer without one (no
 * enumeration): the password is hashed either way, and the attempt counts against the
 * address's sign-up limit either way.
 */
export async function signUp(
  store: UserStore,
  limit: SignUpLimit,
  rawEmail: string,
  password: string,
  address: string,
): Promise<SignUpResult> {
  if (rawEmail.length > MAX_EMAIL_LENGTH) return { ok: false, status: 400, error: INVALID_EMAIL };
  const email = normalizeEmail(rawEmail);
  const invalid = checkInput(email, password);
  if (invalid) return { ok: false, status: 400, error: invalid };
  const waitS = limit.begin(address);
  if (waitS > 0) return tooManyAttempts(waitS, 'sign-up attempts from your address');
  try {
    const passwordHash = await hashPassword(password);
    if (await store.findUserByEmail(email)) return { ok: true, user: null };
    return { ok: true, user: await store.createUser(email, passwordHash) };
  } catch (error) {
    // A concurrent sign-up with the same email won the unique-constraint race.
    if (error instanceof EmailTakenError) return { ok: true, user: null };
    limit.giveBack(address);
    if (error instanceof PasswordBusyError) return busy(error);
    throw error;
  }
}

export async function signIn(
  store: UserStore,
  throttle: SignInThrottle,
  rawEmail: string,
  password: string,
  address: string,
): Promise<AuthResult> {
  if (rawEmail.length > MAX_EMAIL_LENGTH) return { ok: false, status: 400, error: INVALID_EMAIL };
  const email = normalizeEmail(rawEmail);
  if (email === '' || password === '' || password.length > MAX_PASSWORD_LENGTH) {
    return { ok: false, status: 400, error: 'Enter your email and password.' };
  }
  // Counted as a failure from here on, before any await, and given back if it was not one.
  const started = throttle.begin(email, address);
  if (!started.allowed) return tooManyAttempts(started.retryAfterS, 'failed attempts');
  let user: UserRecord | null;
  let valid: boolean;
  try {
    user = await store.findUserByEmail(email);
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  } catch (error) {
    started.attempt.abandoned();
    if (error instanceof PasswordBusyError) return busy(error);
    throw error;
  }
  if (!user || !valid) return { ok: false, status: 401, error: WRONG_CREDENTIALS };
  started.attempt.succeeded();
  return { ok: true, user };
}
