// Passwords refused however long they are: only whitespace, or one of the most common
// passwords, compared without case: the `passwords-common` list of @zxcvbn-ts/language-common
// (MIT; 49,233 passwords from leaked-password frequency lists, most common first). Only
// the entries long enough to pass the length rule are kept (1,557 of them).
import { dictionary } from '@zxcvbn-ts/language-common';
import { MIN_PASSWORD_LENGTH } from '../password.ts';

let common: Set<string> | undefined;

/** Why `password` is too weak to keep, or null. */
export function weakPasswordReason(password: string): string | null {
  if (password.trim() === '') return 'Use a password that is not only spaces.';
  common ??= new Set(dictionary['passwords-common'].filter((entry) => entry.length >= MIN_PASSWORD_LENGTH));
  if (common.has(password.toLowerCase())) return 'That password is one of the most commonly used ones; choose another.';
  return null;
}
