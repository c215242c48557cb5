// The dashboard's form actions: create a key, revoke a key, try an endpoint.
// Each returns what the page shows; errors are values with safe messages.
import { issueKey, KeyInputError } from '@ira/core/runtime/keys/key-service';
import type { KeyLimits, KeyStore } from '@ira/core/runtime/keys/types';
import type { OperationView } from './operations.ts';
import { buildTryItUrl, callApi, type TryItResult } from './try-it.ts';

export const MAX_KEYS_PER_USER = 25;

export interface ActionOutcome {
  status: number;
  error?: string;
  notice?: string;
  /** The full new key, shown once. */
  newKey?: string;
  tryIt?: TryItResult;
}

/** `limits`: what the operator gives portal keys (PORTAL_KEY_LIMITS); null parts follow the deployment default. */
export async function createKeyAction(
  store: KeyStore,
  userId: string,
  name: string,
  limits: KeyLimits = { general: null, calculation: null },
): Promise<ActionOutcome> {
  const active = (await store.listKeys(userId)).filter((key) => key.revokedAt === null);
  if (active.length >= MAX_KEYS_PER_USER) {
    return {
      status: 409,
      error: `You have ${MAX_KEYS_PER_USER} active keys, the most an account can hold. Revoke one first.`,
    };
  }
  try {
    const { key, record } = await issueKey(store, { userId, name, limits });
    return { status: 201, newKey: key, notice: `Key “${record.name}” created.` };
  } catch (error) {
    if (error instanceof KeyInputError) return { status: 400, error: error.message };
    throw error;
  }
}

/**
 * Revokes by exact key id, only among this user's keys: a key, a display start,
 * a piece of an id or another user's id revokes nothing.
 */
export async function revokeKeyAction(store: KeyStore, userId: string, keyId: string): Promise<ActionOutcome> {
  if (keyId.trim() === '') return { status: 400, error: 'Choose a key to revoke.' };
  const revoked = await store.revokeKey(keyId.trim(), userId);
  if (revoked === null) return { status: 404, error: 'No such key on your account.' };
  return { status: 200, notice: `Key “${revoked.name}” revoked. The API refuses it within a few seconds.` };
}

export async function tryItAction(
  publicUrl: string,
  operation: OperationView | undefined,
  values: Record<string, string>,
  apiKey: string,
): Promise<ActionOutcome> {
  if (!operation) return { status: 400, error: 'Choose an endpoint to try.' };
  if (operation.keyed && apiKey === '')
    return { status: 400, error: 'Paste one of your API keys: the portal keeps only their hashes.' };
  const request = buildTryItUrl(publicUrl, operation, values);
  if (!request.ok) return { status: 400, error: request.error };
  try {
    return { status: 200, tryIt: await callApi(publicUrl, operation, request.params, apiKey) };
  } catch (error) {
    const reason =
      error instanceof Error && error.name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be reached';
    return { status: 502, error: `The API at ${publicUrl} ${reason}.` };
  }
}
