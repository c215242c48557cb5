// Issuing and revoking keys: the one place that turns a fresh key into what the
// store keeps (hash + display start). Used by the portal and the key CLI.
import { hasUnprintable, printable } from '../../text/unprintable.ts';
import {
  API_KEY_LENGTH,
  API_KEY_PREFIX,
  DISPLAY_START_LENGTH,
  displayStart,
  generateApiKey,
  hashKey,
  isWellFormedKey,
} from './api-key.ts';
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
  // A name is shown in terminals (`npm run keys -- list`) and pages: nothing in it may act on them.
  if (hasUnprintable(name)) {
    throw new KeyInputError('A key name may not hold control characters or bidirectional formatting characters.');
  }
  const limits: KeyLimits = {
    general: checkLimit('general', input.limits?.general),
    calculation: checkLimit('calculation', input.limits?.calculation),
  };
  const key = generateApiKey();
  const record = await store.createKey({
    userId: input.userId,
    name,
    start: displayStart(key),
    hash: hashKey(key),
    limits,
  });
  return { key, record };
}

/**
 * The active keys `value` names: a full key (checksum checked), a key id (exact),
 * or a display start ("ira_live_3fKq"; a longer piece of a key is cut to it).
 * Anything shorter than the display start is refused, so no short value
 * ("i", "ira_li") can ever match many keys; ids are matched exactly, never as prefixes.
 */
export async function findRevocable(store: KeyStore, value: string, userId?: string): Promise<ApiKeyRecord[]> {
  const given = value.trim();
  const mine = (record: ApiKeyRecord) =>
    record.revokedAt === null && (userId === undefined || record.userId === userId);
  if (isWellFormedKey(given)) {
    const record = await store.findKeyByHash(hashKey(given));
    return record !== null && mine(record) ? [record] : [];
  }
  if (given.startsWith(API_KEY_PREFIX) && given.length === API_KEY_LENGTH) {
    throw new KeyInputError('That is not a valid API key: its checksum does not match.');
  }
  if (given.length < DISPLAY_START_LENGTH) {
    throw new KeyInputError(
      'Give the full key, its id, or at least its display start ' +
        `(${DISPLAY_START_LENGTH} characters, e.g. ${API_KEY_PREFIX}AbC1).`,
    );
  }
  if (given.startsWith(API_KEY_PREFIX)) {
    const start = displayStart(given);
    return (await store.listKeys(userId)).filter((record) => mine(record) && record.start === start);
  }
  return (await store.listKeys(userId)).filter((record) => mine(record) && record.id === given);
}

/** Names the matches of an ambiguous display start, so the caller can pick one by id. */
export function describeMatches(records: ApiKeyRecord[]): string {
  return records.map((record) => `  ${record.start}… "${printable(record.name)}" (id ${record.id})`).join('\n');
}

/**
 * Revokes the one active key `value` names (see findRevocable); null when none
 * does. A display start shared by several keys is refused with the list of them.
 */
export async function revokeKey(store: KeyStore, value: string, userId?: string): Promise<ApiKeyRecord | null> {
  const matches = await findRevocable(store, value, userId);
  if (matches.length > 1) {
    throw new KeyInputError(
      `"${value.trim()}" matches ${matches.length} active keys; ` +
        `give the full key or an id:\n${describeMatches(matches)}`,
    );
  }
  return matches.length === 0 ? null : store.revokeKey(matches[0]!.id, userId);
}
