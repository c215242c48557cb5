// KeyStore on PostgreSQL (DATABASE_URL, docs/operations.md "Scaling out"), shared by every instance.
// The pool, its timeouts, error listeners and 503 translation are the shared database's
// (../database/postgres-database.ts); its tables are created on open under the schema lock.
import { randomUUID } from 'node:crypto';
import { openPostgresDatabase, type PostgresDatabase, type PostgresOptions } from '../database/postgres-database.ts';
import { SCHEMA_SQL } from './postgres-schema.ts';
import type { ApiKeyRecord, KeyStore, NewKey, UsageIncrement, UsageRow } from './types.ts';

interface KeyRow {
  id: string;
  user_id: string | null;
  name: string;
  start: string;
  hash: string;
  limit_general: number | null;
  limit_calculation: number | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

function toKey(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    userId: row.user_id,
    name: row.name,
    start: row.start,
    hash: row.hash,
    limits: { general: row.limit_general, calculation: row.limit_calculation },
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** The key store on an open database (the portal's user store may share it); creates its tables if missing. */
export async function createPostgresKeyStore(db: PostgresDatabase): Promise<KeyStore> {
  await db.createTables(SCHEMA_SQL);
  return new PostgresKeyStore(db);
}

/** A key store with a pool of its own, closed with the store. */
export async function openPostgresStore(options: PostgresOptions): Promise<KeyStore> {
  const db = openPostgresDatabase(options);
  try {
    return await createPostgresKeyStore(db);
  } catch (error) {
    await db.close();
    throw error;
  }
}

class PostgresKeyStore implements KeyStore {
  readonly #db: PostgresDatabase;

  constructor(db: PostgresDatabase) {
    this.#db = db;
  }

  async ping(): Promise<void> {
    await this.#db.query('SELECT 1');
  }

  async createKey(key: NewKey): Promise<ApiKeyRecord> {
    const rows = await this.#db.query<KeyRow>(
      `INSERT INTO api_keys (id, user_id, name, start, hash, limit_general, limit_calculation, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING *`,
      [randomUUID(), key.userId, key.name, key.start, key.hash, key.limits.general, key.limits.calculation],
    );
    return toKey(rows[0]!);
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const rows = await this.#db.query<KeyRow>('SELECT * FROM api_keys WHERE hash = $1', [hash]);
    return rows[0] ? toKey(rows[0]) : null;
  }

  async listKeys(userId?: string | null): Promise<ApiKeyRecord[]> {
    const order = 'ORDER BY created_at, id';
    const rows =
      userId === undefined
        ? await this.#db.query<KeyRow>(`SELECT * FROM api_keys ${order}`)
        : userId === null
          ? await this.#db.query<KeyRow>(`SELECT * FROM api_keys WHERE user_id IS NULL ${order}`)
          : await this.#db.query<KeyRow>(`SELECT * FROM api_keys WHERE user_id = $1 ${order}`, [userId]);
    return rows.map(toKey);
  }

  async revokeKey(id: string, userId?: string): Promise<ApiKeyRecord | null> {
    const owner = userId === undefined ? '' : ' AND user_id = $2';
    const rows = await this.#db.query<KeyRow>(
      `UPDATE api_keys SET revoked_at = now() WHERE revoked_at IS NULL AND id = $1${owner} RETURNING *`,
      userId === undefined ? [id] : [id, userId],
    );
    return rows[0] ? toKey(rows[0]) : null;
  }

  async recordUsage(batch: UsageIncrement[]): Promise<void> {
    if (batch.length === 0) return;
    await this.#db.transaction(async (client) => {
      for (const entry of batch) {
        await client.query(
          `INSERT INTO key_usage (key_id, category, day, count) VALUES ($1, $2, $3, $4)
           ON CONFLICT (key_id, category, day) DO UPDATE SET count = key_usage.count + excluded.count`,
          [entry.keyId, entry.category, entry.day, entry.count],
        );
        // GREATEST ignores NULL, so the first use sets it.
        await client.query('UPDATE api_keys SET last_used_at = GREATEST(last_used_at, $1) WHERE id = $2', [
          entry.lastUsedAt,
          entry.keyId,
        ]);
      }
    });
  }

  async usageSince(keyIds: string[], sinceDay: string): Promise<UsageRow[]> {
    if (keyIds.length === 0) return [];
    const rows = await this.#db.query<{ key_id: string; category: string; day: string; count: number }>(
      `SELECT key_id, category, day, count FROM key_usage
       WHERE key_id = ANY($1) AND day >= $2 ORDER BY day, key_id, category`,
      [keyIds, sinceDay],
    );
    return rows.map((row) => ({
      keyId: row.key_id,
      category: row.category === 'calculation' ? 'calculation' : 'general',
      day: row.day,
      count: row.count,
    }));
  }

  async close(): Promise<void> {
    await this.#db.close();
  }
}
