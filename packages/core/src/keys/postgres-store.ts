// KeyStore on PostgreSQL (DATABASE_URL, docs/operations.md "Scaling out"), shared by every instance.
// The schema is created on open inside a transaction-scoped advisory lock, so
// several instances starting at once do not race on CREATE ... IF NOT EXISTS.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { asUnavailable, DEFAULT_DEPENDENCY_TIMEOUT_MS } from '../dependency-error.ts';
import { SCHEMA_SQL } from './postgres-schema.ts';
import { normalizeEmail } from './normalize-email.ts';
import {
  EmailTakenError,
  type ApiKeyRecord,
  type KeyStore,
  type NewKey,
  type UsageIncrement,
  type UsageRow,
  type UserRecord,
} from './types.ts';

// https://www.postgresql.org/docs/current/errcodes-appendix.html
const UNIQUE_VIOLATION = '23505';
const SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;


export interface PostgresStoreOptions {
  connectionString: string;
  /** Longest wait for a connection, and for one query's answer. */
  timeoutMs?: number;
  /** Where dropped idle connections are reported (they are replaced on next use). */
  onConnectionError?: (error: Error) => void;
  /** A schema of its own (created if missing); tests use one per run. Default: the server's search_path. */
  schema?: string;
}

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

interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  created_at: Date;
}

const toUser = (row: UserRow): UserRecord => ({ id: row.id, email: row.email, passwordHash: row.password_hash, createdAt: row.created_at });

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

// SQLSTATE classes that mean "the server or the connection", not "this query":
// 08 connection exception, 53 insufficient resources, 57 operator intervention
// (admin shutdown, pg_terminate_backend, query canceled by statement_timeout).
const UNAVAILABLE_CLASSES = new Set(['08', '53', '57']);

/** Connection failures and timeouts become DependencyUnavailableError (a 503); query errors stay as they are. */
function translate(error: unknown): unknown {
  if (error instanceof pg.DatabaseError && !UNAVAILABLE_CLASSES.has(String(error.code).slice(0, 2))) return error;
  return asUnavailable('PostgreSQL', error);
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect().catch((error: unknown) => Promise.reject(translate(error)));
  // A checked-out client has no pool listener: without this, a connection
  // dropped mid-transaction is an unhandled 'error' event, which ends the process.
  const ignore = () => undefined;
  client.on('error', ignore);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw translate(error);
  } finally {
    client.removeListener('error', ignore);
    client.release();
  }
}

export async function openPostgresStore(options: PostgresStoreOptions): Promise<KeyStore> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME_PATTERN.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const timeoutMs = options.timeoutMs ?? DEFAULT_DEPENDENCY_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
    connectionTimeoutMillis: timeoutMs,
    // Client side: gives up on a hung server. Server side: stops the work too.
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    keepAlive: true,
  });
  // Idle connections dropped by the server (restart, failover, pg_terminate_backend)
  // are removed by the pool and replaced on next use; without a listener the
  // pool's 'error' event would end the process.
  pool.on('error', options.onConnectionError ?? (() => undefined));
  try {
    await inTransaction(pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('ira_key_store_schema'))");
      if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(SCHEMA_SQL);
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return new PostgresKeyStore(pool);
}

class PostgresKeyStore implements KeyStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async #query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.#pool.query<R>(sql, params);
    } catch (error) {
      throw translate(error);
    }
  }

  async ping(): Promise<void> {
    await this.#query('SELECT 1');
  }

  async createUser(email: string, passwordHash: string): Promise<UserRecord> {
    const normalized = normalizeEmail(email);
    try {
      const { rows } = await this.#query<UserRow>(
        'INSERT INTO users (id, email, password_hash, created_at) VALUES ($1, $2, $3, now()) RETURNING *',
        [randomUUID(), normalized, passwordHash],
      );
      return toUser(rows[0]!);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new EmailTakenError(normalized);
      throw error;
    }
  }

  async findUserByEmail(email: string): Promise<UserRecord | null> {
    const { rows } = await this.#query<UserRow>('SELECT * FROM users WHERE lower(email) = $1', [normalizeEmail(email)]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async findUserById(id: string): Promise<UserRecord | null> {
    const { rows } = await this.#query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0] ? toUser(rows[0]) : null;
  }

  async createKey(key: NewKey): Promise<ApiKeyRecord> {
    const { rows } = await this.#query<KeyRow>(
      `INSERT INTO api_keys (id, user_id, name, start, hash, limit_general, limit_calculation, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING *`,
      [randomUUID(), key.userId, key.name, key.start, key.hash, key.limits.general, key.limits.calculation],
    );
    return toKey(rows[0]!);
  }

  async findKeyByHash(hash: string): Promise<ApiKeyRecord | null> {
    const { rows } = await this.#query<KeyRow>('SELECT * FROM api_keys WHERE hash = $1', [hash]);
    return rows[0] ? toKey(rows[0]) : null;
  }

  async listKeys(userId?: string | null): Promise<ApiKeyRecord[]> {
    const order = 'ORDER BY created_at, id';
    const { rows } =
      userId === undefined
        ? await this.#query<KeyRow>(`SELECT * FROM api_keys ${order}`)
        : userId === null
          ? await this.#query<KeyRow>(`SELECT * FROM api_keys WHERE user_id IS NULL ${order}`)
          : await this.#query<KeyRow>(`SELECT * FROM api_keys WHERE user_id = $1 ${order}`, [userId]);
    return rows.map(toKey);
  }

  async revokeKey(id: string, userId?: string): Promise<ApiKeyRecord | null> {
    const owner = userId === undefined ? '' : ' AND user_id = $2';
    const { rows } = await this.#query<KeyRow>(
      `UPDATE api_keys SET revoked_at = now() WHERE revoked_at IS NULL AND id = $1${owner} RETURNING *`,
      userId === undefined ? [id] : [id, userId],
    );
    return rows[0] ? toKey(rows[0]) : null;
  }

  async recordUsage(batch: UsageIncrement[]): Promise<void> {
    if (batch.length === 0) return;
    await inTransaction(this.#pool, async (client) => {
      for (const entry of batch) {
        await client.query(
          `INSERT INTO key_usage (key_id, category, day, count) VALUES ($1, $2, $3, $4)
           ON CONFLICT (key_id, category, day) DO UPDATE SET count = key_usage.count + excluded.count`,
          [entry.keyId, entry.category, entry.day, entry.count],
        );
        // GREATEST ignores NULL, so the first use sets it.
        await client.query('UPDATE api_keys SET last_used_at = GREATEST(last_used_at, $1) WHERE id = $2', [entry.lastUsedAt, entry.keyId]);
      }
    });
  }

  async usageSince(keyIds: string[], sinceDay: string): Promise<UsageRow[]> {
    if (keyIds.length === 0) return [];
    const { rows } = await this.#query<{ key_id: string; category: string; day: string; count: number }>(
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
    if (!this.#pool.ended) await this.#pool.end();
  }
}
