// The key store's embedded tables (docs/operations.md "Scaling out"). Times are integer milliseconds
// since the epoch. Created on every open; IF NOT EXISTS keeps that idempotent across processes.
// api_keys.user_id names a portal user without a foreign key: the users table is the portal's
// (docs/architecture.md "Who owns which tables").
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  user_id TEXT,
  name TEXT NOT NULL,
  start TEXT NOT NULL,
  hash TEXT NOT NULL UNIQUE,
  limit_general INTEGER,
  limit_calculation INTEGER,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX IF NOT EXISTS api_keys_user_id ON api_keys (user_id);
CREATE INDEX IF NOT EXISTS api_keys_start ON api_keys (start);
CREATE TABLE IF NOT EXISTS key_usage (
  key_id TEXT NOT NULL,
  category TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (key_id, category, day)
);
`;
