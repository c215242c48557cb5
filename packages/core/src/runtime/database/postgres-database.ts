// One PostgreSQL pool per process (DATABASE_URL, docs/operations.md "Scaling out"), shared by
// the key store and, in the portal, the user store. Every reliability rule lives here, once:
// timeouts on connect and on each statement, an `error` listener so a dropped connection never
// ends the process (the pool replaces it on next use), and connection failures turned into
// DependencyUnavailableError (a 503). See docs/reliability.md.
import pg from 'pg';
import { asUnavailable, DEFAULT_DEPENDENCY_TIMEOUT_MS } from '../dependency-error.ts';

const SCHEMA_NAME_PATTERN = /^[a-z_][a-z0-9_]{0,62}$/;
// The lock every instance takes while creating tables, so several starting at once do not race
// on CREATE ... IF NOT EXISTS. Its name predates the split of users from keys; instances of
// older releases take the same lock, so a rolling upgrade is serialised too.
const SCHEMA_LOCK_SQL = "SELECT pg_advisory_xact_lock(hashtext('ira_key_store_schema'))";

export interface PostgresOptions {
  connectionString: string;
  /** Longest wait for a connection, and for one query's answer. */
  timeoutMs?: number;
  /** Where dropped idle connections are reported (they are replaced on next use). */
  onConnectionError?: (error: Error) => void;
  /** A schema of its own (created if missing); tests use one per run. Default: the server's search_path. */
  schema?: string;
}

export interface PostgresDatabase {
  /** The rows of one statement; connection failures and timeouts reject with DependencyUnavailableError. */
  query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Runs `work` between BEGIN and COMMIT on one connection (ROLLBACK when it throws). */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** Runs idempotent DDL (CREATE ... IF NOT EXISTS) once across instances starting together. */
  createTables(ddl: string): Promise<void>;
  /** Ends the pool; every call waits for the same end. */
  close(): Promise<void>;
}

// SQLSTATE classes that mean "the server or the connection", not "this query":
// 08 connection exception, 53 insufficient resources, 57 operator intervention
// (admin shutdown, pg_terminate_backend, query canceled by statement_timeout).
// https://www.postgresql.org/docs/current/errcodes-appendix.html
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

/** Makes the pool; the first connection is made by the first query (createTables, at a store's open). */
export function openPostgresDatabase(options: PostgresOptions): PostgresDatabase {
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
  let ended: Promise<void> | undefined;
  return {
    async query<R extends pg.QueryResultRow>(sql: string, params?: unknown[]) {
      try {
        return (await pool.query<R>(sql, params)).rows;
      } catch (error) {
        throw translate(error);
      }
    },
    transaction: (work) => inTransaction(pool, work),
    createTables: (ddl) =>
      inTransaction(pool, async (client) => {
        await client.query(SCHEMA_LOCK_SQL);
        if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        await client.query(ddl);
      }),
    close: () => (ended ??= pool.end()),
  };
}
