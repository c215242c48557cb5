// The key store contract: API keys and their usage, all the edge and calc need.
// Two adapters implement it: embedded SQLite under DATA_DIR (node:sqlite) and
// PostgreSQL (DATABASE_URL); one contract test suite runs against both
// (docs/operations.md "Scaling out"). Portal accounts are the portal's
// (apps/portal/src/lib/accounts/), on the same database.
import type { LimitCategory } from '../../contract/envelope.ts';

/** Per-key overrides; null means "the deployment default" (RATE_LIMIT_*). */
export interface KeyLimits {
  general: number | null;
  calculation: number | null;
}

export interface ApiKeyRecord {
  id: string;
  /** Owner: a portal user's id; null for keys made from the shell. */
  userId: string | null;
  name: string;
  /** Short display start, e.g. "ira_live_3fKq"; the full key is never stored. */
  start: string;
  /** hex SHA-256 of the full key. */
  hash: string;
  limits: KeyLimits;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export interface NewKey {
  userId: string | null;
  name: string;
  start: string;
  hash: string;
  limits: KeyLimits;
}

/** One batch entry: `count` requests of one key in one category on one UTC day. */
export interface UsageIncrement {
  keyId: string;
  category: LimitCategory;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  count: number;
  lastUsedAt: Date;
}

export interface UsageRow {
  keyId: string;
  category: LimitCategory;
  day: string;
  count: number;
}

export interface KeyStore {
  createKey(key: NewKey): Promise<ApiKeyRecord>;
  /** Revoked keys are returned too (callers check revokedAt). */
  findKeyByHash(hash: string): Promise<ApiKeyRecord | null>;
  /** userId undefined = every key (shell); null = shell-made keys; string = that user's. */
  listKeys(userId?: string | null): Promise<ApiKeyRecord[]>;
  /**
   * Revokes the active key with exactly this id (owned by `userId` when given);
   * null when there is none. Matching by key or display start is key-service's.
   */
  revokeKey(id: string, userId?: string): Promise<ApiKeyRecord | null>;

  /** Adds a batch of usage counts and moves lastUsedAt forward. */
  recordUsage(batch: UsageIncrement[]): Promise<void>;
  usageSince(keyIds: string[], sinceDay: string): Promise<UsageRow[]>;

  /** Resolves when the store answers (for /readyz); rejects with the reason otherwise. */
  ping(): Promise<void>;

  /** Closes the database connection the store runs on (in the portal, shared with its user store). */
  close(): Promise<void>;
}
