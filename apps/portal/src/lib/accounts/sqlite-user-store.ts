// UserStore on the embedded database (node:sqlite under DATA_DIR), the same file the key
// store uses; its settings (WAL, busy timeout) are core's (@ira/core/database/sqlite-database).
import { randomUUID } from 'node:crypto';
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite';
import { createTables } from '@ira/core/runtime/database/sqlite-database';
import { normalizeEmail } from './normalize-email.ts';
import { SQLITE_USERS_SCHEMA } from './sqlite-schema.ts';
import { EmailTakenError, type UserRecord, type UserStore } from './user-store.ts';

// SQLITE_CONSTRAINT_UNIQUE, https://www.sqlite.org/rescode.html#constraint_unique
const SQLITE_CONSTRAINT_UNIQUE = 2067;

function toUser(row: Record<string, SQLOutputValue>): UserRecord {
  return {
    id: String(row.id),
    email: String(row.email),
    passwordHash: String(row.password_hash),
    createdAt: new Date(Number(row.created_at)),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { errcode?: number }).errcode === SQLITE_CONSTRAINT_UNIQUE;
}

/** The user store on an open database file; creates the users table if missing. */
export function createSqliteUserStore(db: DatabaseSync): UserStore {
  createTables(db, SQLITE_USERS_SCHEMA);
  return {
    async createUser(email, passwordHash) {
      const user: UserRecord = { id: randomUUID(), email: normalizeEmail(email), passwordHash, createdAt: new Date() };
      try {
        db.prepare('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)').run(
          user.id,
          user.email,
          user.passwordHash,
          user.createdAt.getTime(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new EmailTakenError(user.email);
        throw error;
      }
      return user;
    },
    async findUserByEmail(email) {
      const row = db.prepare('SELECT * FROM users WHERE email = ?').get(normalizeEmail(email));
      return row ? toUser(row) : null;
    },
    async findUserById(id) {
      const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id);
      return row ? toUser(row) : null;
    },
  };
}
