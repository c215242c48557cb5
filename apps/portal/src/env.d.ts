/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, set by the middleware from the session. */
    user: { id: string; email: string } | null;
  }
  interface SessionData {
    userId: string;
    /** Left by a sign-up for an email that already has an account, for the sign-in page. */
    signInNotice: string;
  }
}
