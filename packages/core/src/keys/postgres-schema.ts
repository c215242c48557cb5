// The PostgreSQL tables of the key store, created on open if missing.
export const SCHEMA_SQL = `
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
