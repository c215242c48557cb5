// Embedded schema (docs/operations.md "Scaling out"). Times are integer milliseconds since the epoch.
// Created on every open; IF NOT EXISTS keeps that idempotent across processes.
export const SQLITE_SCHEMA = `
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
