// UserStore on PostgreSQL (DATABASE_URL), on the pool the portal's key store uses: its
// timeouts, error listeners and 503 translation are core's (@ira/core/database/postgres-database).
import { randomUUID } from 'node:crypto';
import type { PostgresDatabase } from '@ira/core/runtime/database/postgres-database';
import { normalizeEmail } from './normalize-email.ts';
import { POSTGRES_USERS_SCHEMA } from './postgres-schema.ts';
import { EmailTakenError, type UserRecord, type UserStore } from './user-store.ts';

// https://www.postgresql.org/docs/current/errcodes-appendix.html
const UNIQUE_VIOLATION = '23505';

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  created_at: Date;
}

const toUser = (row: UserRow): UserRecord => ({
  id: row.id,
  email: row.email,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
});

/** The user store on an open database; creates the users table if missing (under core's schema lock). */
export async function createPostgresUserStore(db: PostgresDatabase): Promise<UserStore> {
  await db.createTables(POSTGRES_USERS_SCHEMA);
  return {
    async createUser(email, passwordHash) {
      const normalized = normalizeEmail(email);
      try {
        const rows = await db.query<UserRow>(
          'INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, $3, now()) RETURNING *',
          [randomUUID(), normalized, passwordHash],
        );
        return toUser(rows[0]!);
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError(normalized);
        throw error;
      }
    },
    async findUserByEmail(email) {
      const rows = await db.query<UserRow>('SELECT * FROM users WHERE lower(email) = $1', [normalizeEmail(email)]);
      return rows[0] ? toUser(rows[0]) : null;
    },
    async findUserById(id) {
      const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
      return rows[0] ? toUser(rows[0]) : null;
    },
  };
}
