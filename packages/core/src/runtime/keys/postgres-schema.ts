// The PostgreSQL tables of the key store, created on open if missing. The users
// table is the portal's (apps/portal/src/lib/accounts/postgres-schema.ts): api_keys.user_id
// names its owner without a foreign key, so the edge, calc and the key CLI can create keys in
// a database the portal never opened (docs/architecture.md "Who owns which tables").
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS api_keys (
  id text PRIMARY KEY,
  user_id text,
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
