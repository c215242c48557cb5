// The tables as every release before the split of accounts from keys created them, verbatim
// from packages/core/src/keys/{sqlite,postgres}-schema.ts at commit 2b15f76: users and keys in
// one schema, api_keys.user_id a foreign key to users.id. Compatibility tests open today's
// stores on a database made with these and expect it to keep working.
export const SQLITE_SCHEMA_BEFORE_SPLIT = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY,
  user_id TEXT REFERENCES users(id),
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

export const POSTGRES_SCHEMA_BEFORE_SPLIT = `
CREATE TABLE IF NOT EXISTS users (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS users_email_lower ON users (lower(email));
CREATE TABLE IF NOT EXISTS api_keys (
  id text PRIMARY KEY,
  user_id text REFERENCES users(id),
  name text NOT NULL,
  start text NOT NULL,
  hash text NOT NULL UNIQUE,
  limit_general integer,
  limit_calculation integer,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS api_keys_user_id ON api_keys (user_id);
CREATE INDEX IF NOT EXISTS api_keys_start ON api_keys (start);
CREATE TABLE IF NOT EXISTS key_usage (
  key_id text NOT NULL,
  category text NOT NULL,
  day text NOT NULL,
  count integer NOT NULL,
  PRIMARY KEY (key_id, category, day)
);
`;
