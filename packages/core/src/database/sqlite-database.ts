// One embedded database file on Node 24's built-in node:sqlite (DATA_DIR, docs/operations.md
// "Scaling out"), shared by the key store and, in the portal, the user store. WAL mode and a
// busy timeout let edge, calc, portal and the key CLI open the same file at once.
// Node 24.21 prints no ExperimentalWarning for node:sqlite (checked), so no
// warning filter is installed.
import { DatabaseSync } from 'node:sqlite';

/** How long a writer waits for another process's lock before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

export function openSqliteDatabase(file: string): DatabaseSync {
  // Foreign keys are enforced where a table declares them (databases made before the
  // split of users from keys declare api_keys.user_id → users.id; docs/architecture.md).
  const db = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  return db;
}

/** Runs `work` in one write transaction (BEGIN IMMEDIATE takes the write lock up front). */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

/** Runs idempotent DDL (CREATE ... IF NOT EXISTS) in one transaction, so other processes see all of it or none. */
export function createTables(db: DatabaseSync, ddl: string): void {
  inTransaction(db, () => db.exec(ddl));
}
