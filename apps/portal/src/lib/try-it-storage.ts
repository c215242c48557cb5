// Where the try-it keeps the key for the browser tab: sessionStorage under this
// prefix plus the signed-in user's id, so one account never gets another's key;
// sign-out removes every entry with the prefix (and sends Clear-Site-Data).
export const TRY_IT_KEY_PREFIX = 'ira.tryit.key.';

/** Removes every try-it key this tab holds. */
export function forgetTryItKeys(storage: Storage): void {
  for (const name of Object.keys(storage)) {
    if (name.startsWith(TRY_IT_KEY_PREFIX)) storage.removeItem(name);
  }
}
