/** Emails are stored trimmed and lower-cased, so uniqueness is case-insensitive in both stores. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
