// The users table in PostgreSQL (DATABASE_URL), created on open if missing; the same table,
// columns and index every release has used, so existing accounts keep signing in.
export const POSTGRES_USERS_SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id text PRIMARY KEY,
  email text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS users_email_lower ON users (lower(email));
`;
