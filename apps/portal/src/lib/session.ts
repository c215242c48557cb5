// Session handling shared by sign-up and sign-in.
import type { AstroSession } from 'astro';

/** A fresh session id at every sign-in (no session fixation), holding only the user id. */
export async function startSession(session: AstroSession, userId: string): Promise<void> {
  await session.regenerate();
  session.set('userId', userId);
}

const EXISTING_ACCOUNT_NOTICE = 'If you already have an account with that email, sign in with its password.';

/**
 * A sign-up for an email that already has an account: a fresh session like a new account's
 * (the same answer), holding no user but a notice for the sign-in page it leads to.
 */
export async function noteExistingAccount(session: AstroSession): Promise<void> {
  await session.regenerate();
  session.set('signInNotice', EXISTING_ACCOUNT_NOTICE);
}

/** The notice left for the sign-in page, once. */
export async function takeSignInNotice(session: AstroSession): Promise<string | null> {
  const notice = await session.get('signInNotice');
  if (notice === undefined) return null;
  session.delete('signInNotice');
  return notice;
}
