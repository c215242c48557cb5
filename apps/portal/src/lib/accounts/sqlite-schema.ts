// The users table in the embedded database (DATA_DIR), created on open if missing; the same
// table and columns every release has used, so existing accounts keep signing in.
// Times are integer milliseconds since the epoch.
export const SQLITE_USERS_SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
`;
