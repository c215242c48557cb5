// Issuing and revoking keys: the one place that turns a fresh key into what the
// store keeps (hash + display start). Used by the portal and the key CLI.
import { API_KEY_LENGTH, API_KEY_PREFIX, DISPLAY_START_LENGTH, displayStart, generateApiKey, hashKey, isWellFormedKey } from './api-key.ts';
import type { ApiKeyRecord, KeyLimits, KeyStore } from './types.ts';

const MAX_NAME_LENGTH = 100;

/** Bad input to issueKey/revokeKey; the message is safe to show to the user. */
export class KeyInputError extends Error {
  override name = 'KeyInputError';
}

export interface IssueKeyInput {
  userId: string | null;
  name: string;
  limits?: Partial<KeyLimits>;
}

function checkLimit(category: string, value: number | null | undefined): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new KeyInputError(`The ${category} limit must be a whole number of at least 1.`);
  }
  return value;
}

export async function issueKey(store: KeyStore, input: IssueKeyInput): Promise<{ key: string; record: ApiKeyRecord }> {
  const name = input.name.trim();
  if (name === '' || name.length > MAX_NAME_LENGTH) {
    throw new KeyInputError(`A key name must have 1 to ${MAX_NAME_LENGTH} characters.`);
  }
  const limits: KeyLimits = {
    general: checkLimit('general', input.limits?.general),
    calculation: checkLimit('calculation', input.limits?.calculation),
  };
  const key = generateApiKey();
  const record = await store.createKey({ userId: input.userId, name, start: displayStart(key), hash: hashKey(key), limits });
  return { key, record };
}

/**
 * Revokes by full key, key id, or display start ("ira_live_3fKq"). A partial key
 * longer than the display start is cut to it; anything shorter is refused so a
 * short prefix cannot revoke many keys at once.
 */
export async function revokeKey(store: KeyStore, keyOrStart: string, userId?: string): Promise<ApiKeyRecord[]> {
  const value = keyOrStart.trim();
  if (isWellFormedKey(value)) {
    const record = await store.findKeyByHash(hashKey(value));
    if (record === null || record.revokedAt !== null) return [];
    return store.revokeKeys(record.id, userId);
  }
  if (value.startsWith(API_KEY_PREFIX)) {
    if (value.length === API_KEY_LENGTH) throw new KeyInputError('That is not a valid API key: its checksum does not match.');
    if (value.length < DISPLAY_START_LENGTH) {
      throw new KeyInputError(`Give at least the key's display start (${DISPLAY_START_LENGTH} characters, e.g. ${API_KEY_PREFIX}AbC1).`);
    }
    return store.revokeKeys(value.slice(0, DISPLAY_START_LENGTH), userId);
  }
  if (value === '') throw new KeyInputError('Give a key, a key id or a key display start to revoke.');
  return store.revokeKeys(value, userId);
}
