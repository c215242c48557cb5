// Session handling shared by sign-up and sign-in.
import type { AstroSession } from 'astro';

/** A fresh session id at every sign-in (no session fixation), holding only the user id. */
export async function startSession(session: AstroSession, userId: string): Promise<void> {
  await session.regenerate();
  session.set('userId', userId);
}
