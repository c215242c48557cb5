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
import { normalizeEmail } from './normalize-email.ts';
import { EmailTakenError, type UserRecord, type UserStore } from './user-store.ts';

/** retryAfterS: for 429 and 503, sent as Retry-After. */
export type AuthResult =
  { ok: true; user: UserRecord } | { ok: false; status: number; error: string; retryAfterS?: number };

/** A busy Argon2 gate clears in moments; come back after this long. */
const BUSY_RETRY_AFTER_S = 5;

const MAX_EMAIL_LENGTH = 254;
// Deliberately loose (one @, a dot in the domain, no spaces): the address is an
// account name here, nothing is mailed to it.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const WRONG_CREDENTIALS = 'The email or password is incorrect.';
const SIGN_UP_REFUSED = 'We could not create an account with that email. If you already have one, sign in instead.';
// A fixed hash to verify against when the email is unknown, so both paths cost the same.
let dummyHash: Promise<string> | undefined;

function checkInput(email: string, password: string): string | null {
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_PATTERN.test(email))
    return 'Enter a valid email address, like name@example.com.';
  if (password.length < MIN_PASSWORD_LENGTH) return `Use a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use a password of at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}

export async function signUp(store: UserStore, rawEmail: string, password: string): Promise<AuthResult> {
  const email = normalizeEmail(rawEmail);
  const invalid = checkInput(email, password);
  if (invalid) return { ok: false, status: 400, error: invalid };
  if (await store.findUserByEmail(email)) return { ok: false, status: 409, error: SIGN_UP_REFUSED };
  try {
    return { ok: true, user: await store.createUser(email, await hashPassword(password)) };
  } catch (error) {
    // A concurrent sign-up with the same email lost the unique-constraint race;
    // anything else (the store is down) is not the user's fault and goes up.
    if (error instanceof EmailTakenError) return { ok: false, status: 409, error: SIGN_UP_REFUSED };
    if (error instanceof PasswordBusyError)
      return { ok: false, status: 503, error: error.message, retryAfterS: BUSY_RETRY_AFTER_S };
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
  const email = normalizeEmail(rawEmail);
  const waitS = throttle.retryAfterS(email, address);
  if (waitS > 0) {
    return {
      ok: false,
      status: 429,
      error: `Too many failed attempts. Try again in ${Math.ceil(waitS / 60)} minute(s).`,
      retryAfterS: waitS,
    };
  }
  if (email === '' || password === '' || password.length > MAX_PASSWORD_LENGTH) {
    return { ok: false, status: 400, error: 'Enter your email and password.' };
  }
  const user = await store.findUserByEmail(email);
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  let valid: boolean;
  try {
    valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
  } catch (error) {
    if (error instanceof PasswordBusyError)
      return { ok: false, status: 503, error: error.message, retryAfterS: BUSY_RETRY_AFTER_S };
    throw error;
  }
  if (!user || !valid) {
    throttle.recordFailure(email, address);
    return { ok: false, status: 401, error: WRONG_CREDENTIALS };
  }
  throttle.reset(email, address);
  return { ok: true, user };
}
