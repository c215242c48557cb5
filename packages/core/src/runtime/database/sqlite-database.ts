// One embedded database file on Node 24's built-in node:sqlite (DATA_DIR, docs/operations.md
// "Scaling out"), shared by the key store and, in the portal, the user store. WAL mode and a
// busy timeout let edge, calc, portal and the key CLI open the same file at once.
// Node 24.21 prints no ExperimentalWarning for node:sqlite (checked), so no
// warning filter is installed.
import { chmodSync, closeSync, openSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

/** How long a writer waits for another process's lock before failing. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
const SQLITE_BUSY = 5;
/** Pause between tries to switch a file to WAL while another process writes it. */
const WAL_RETRY_MS = 10;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Switches the file to WAL (kept in the file: later opens find it so). While another
 * process writes a file still in rollback-journal mode, as when edge, calc and the portal
 * open a new DATA_DIR at once and one of them is switching it, SQLite refuses at once with
 * SQLITE_BUSY instead of waiting the busy timeout (waiting could deadlock the two): tried
 * again until that timeout. Start-up only, so the pause may block.
 */
function switchToWal(db: DatabaseSync): void {
  const deadline = Date.now() + SQLITE_BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.exec('PRAGMA journal_mode = WAL');
      return;
    } catch (error) {
      const busy = ((error as { errcode?: number }).errcode ?? 0) % 256 === SQLITE_BUSY;
      if (!busy || Date.now() >= deadline) throw error;
      Atomics.wait(pause, 0, 0, WAL_RETRY_MS);
    }
  }
}

// The file holds emails and password and key hashes: its user's only. SQLite gives the -wal
// and -shm files it makes the database file's mode (os_unix.c, findCreateFileMode and
// unixOpenSharedMemory), so the file is made 0600 before SQLite opens it.
const DATABASE_FILE_MODE = 0o600;

/** Makes the file 0600 if it is new, and narrows a file (and -wal, -shm) made before to 0600. */
function keepPrivate(file: string): void {
  closeSync(openSync(file, 'a', DATABASE_FILE_MODE));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(each, DATABASE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

export function openSqliteDatabase(file: string): DatabaseSync {
  keepPrivate(file);
  // Foreign keys are enforced where a table declares them (databases made before the
  // split of users from keys declare api_keys.user_id → users.id; docs/architecture.md).
  const db = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS, enableForeignKeyConstraints: true });
  switchToWal(db);
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
