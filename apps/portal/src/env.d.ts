/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, set by the middleware from the session. */
    user: { id: string; email: string } | null;
  }
  interface SessionData {
    userId: string;
  }
}
