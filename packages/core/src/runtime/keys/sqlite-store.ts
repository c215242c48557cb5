// KeyStore on the embedded database (node:sqlite under DATA_DIR, docs/operations.md "Scaling out").
// The file's settings (WAL, busy timeout) are the shared database's (../database/sqlite-database.ts);
// its tables are created on open.
import { randomUUID } from 'node:crypto';
import type { DatabaseSync, SQLInputValue, SQLOutputValue } from 'node:sqlite';
import { createTables, inTransaction, openSqliteDatabase } from '../database/sqlite-database.ts';
import { SQLITE_SCHEMA } from './sqlite-schema.ts';
import type { ApiKeyRecord, KeyStore, NewKey, UsageIncrement, UsageRow } from './types.ts';

type Row = Record<string, SQLOutputValue>;

const toDate = (value: SQLOutputValue | undefined): Date | null =>
  value === null || value === undefined ? null : new Date(Number(value));
const toLimit = (value: SQLOutputValue | undefined): number | null =>
  value === null || value === undefined ? null : Number(value);

function toKey(row: Row): ApiKeyRecord {
  return {
    id: String(row.id),
    userId: row.user_id === null ? null : String(row.user_id),
    name: String(row.name),
    start: String(row.start),
    hash: String(row.hash),
    limits: { general: toLimit(row.limit_general), calculation: toLimit(row.limit_calculation) },
    createdAt: new Date(Number(row.created_at)),
    lastUsedAt: toDate(row.last_used_at),
    revokedAt: toDate(row.revoked_at),
  };
}

/** The key store on an open database file (the portal's user store may share it); creates its tables if missing. */
export function createSqliteKeyStore(db: DatabaseSync): KeyStore {
  createTables(db, SQLITE_SCHEMA);
  return new SqliteKeyStore(db);
}

/** A key store with a connection of its own to `file`, closed with the store. */
export function openSqliteStore(file: string): KeyStore {
  const db = openSqliteDatabase(file);
  try {
    return createSqliteKeyStore(db);
  } catch (error) {
    db.close();
    throw error;
  }
}

class SqliteKeyStore implements KeyStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  async createKey(key: NewKey): Promise<ApiKeyRecord> {
    const row = this.#db
      .prepare(
        `INSERT INTO api_keys (id, user_id, name, start, hash, limit_general, limit_calculation, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
      )
      .get(
        randomUUID(),
        key.userId,
        key.name,
        key.start,
        key.hash,
        key.limits.general,
        key.limits.calculation,
        Date.now(),
      );
    return toKey(row!);
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const row = this.#db.prepare('SELECT * FROM api_keys WHERE hash = ?').get(hash);
    return row ? toKey(row) : null;
  }

  async listKeys(userId?: string | null): Promise<ApiKeyRecord[]> {
    const order = 'ORDER BY created_at, id';
    const rows =
      userId === undefined
        ? this.#db.prepare(`SELECT * FROM api_keys ${order}`).all()
        : userId === null
          ? this.#db.prepare(`SELECT * FROM api_keys WHERE user_id IS NULL ${order}`).all()
          : this.#db.prepare(`SELECT * FROM api_keys WHERE user_id = ? ${order}`).all(userId);
    return rows.map(toKey);
  }

  async revokeKey(id: string, userId?: string): Promise<ApiKeyRecord | null> {
    const owner = userId === undefined ? '' : ' AND user_id = $userId';
    const params: Record<string, SQLInputValue> = { id, now: Date.now() };
    if (userId !== undefined) params.userId = userId;
    const rows = this.#db
      .prepare(`UPDATE api_keys SET revoked_at = $now WHERE revoked_at IS NULL AND id = $id${owner} RETURNING *`)
      .all(params);
    return rows[0] ? toKey(rows[0]) : null;
  }

  async ping(): Promise<void> {
    this.#db.prepare('SELECT 1').get();
  }

  async recordUsage(batch: UsageIncrement[]): Promise<void> {
    if (batch.length === 0) return;
    const addCount = this.#db.prepare(
      `INSERT INTO key_usage (key_id, category, day, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (key_id, category, day) DO UPDATE SET count = count + excluded.count`,
    );
    const touch = this.#db.prepare('UPDATE api_keys SET last_used_at = max(coalesce(last_used_at, 0), ?) WHERE id = ?');
    inTransaction(this.#db, () => {
      for (const entry of batch) {
        addCount.run(entry.keyId, entry.category, entry.day, entry.count);
        touch.run(entry.lastUsedAt.getTime(), entry.keyId);
      }
    });
  }

  async usageSince(keyIds: string[], sinceDay: string): Promise<UsageRow[]> {
    if (keyIds.length === 0) return [];
    const placeholders = keyIds.map(() => '?').join(', ');
    const rows = this.#db
      .prepare(
        `SELECT key_id, category, day, count FROM key_usage
         WHERE key_id IN (${placeholders}) AND day >= ? ORDER BY day, key_id, category`,
      )
      .all(...keyIds, sinceDay);
    return rows.map((row) => ({
      keyId: String(row.key_id),
      category: row.category === 'calculation' ? 'calculation' : 'general',
      day: String(row.day),
      count: Number(row.count),
    }));
  }

  async close(): Promise<void> {
    if (this.#db.isOpen) this.#db.close();
  }
}
