import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase, SQLITE_FILE_NAME } from './open-database.ts';
import { openSqliteDatabase } from './sqlite-database.ts';

// Another process writing to a file still in rollback-journal mode: what a service meets
// when it opens a new DATA_DIR while another one switches that file to WAL (npm start opens
// edge, calc and the portal at once). SQLite refuses the switch at once there, without
// the busy timeout: waiting could deadlock the two.
const HOLD_WRITE_LOCK = `
const { DatabaseSync } = require('node:sqlite');
const db = new DatabaseSync(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
db.exec('INSERT INTO t VALUES (1)');
process.stdout.write('locked\\n');
setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);
`;

it('opens a file another process writes in rollback-journal mode once the write ends, and sets WAL mode', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ira-sqlite-wal-'));
  try {
    const file = path.join(dir, 'ira.sqlite');
    const created = new DatabaseSync(file);
    created.exec('CREATE TABLE t (x)');
    created.close();
    const writer = spawn(process.execPath, ['-e', HOLD_WRITE_LOCK, file], { stdio: ['ignore', 'pipe', 'inherit'] });
    await once(writer.stdout!, 'data');
    const db = openSqliteDatabase(file);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
    db.close();
    await once(writer, 'exit');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

it('makes DATA_DIR 0700 and the database, its -wal and -shm 0600, whatever the umask', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'ira-sqlite-modes-'));
  const umask = process.umask(0o022);
  try {
    const dataDir = path.join(root, 'data');
    const database = await openDatabase({ dataDir, databaseUrl: null });
    if (database.kind !== 'sqlite') throw new Error('expected SQLite');
    database.sqlite.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    const file = path.join(dataDir, SQLITE_FILE_NAME);
    expect(await modeOf(dataDir)).toBe(0o700);
    for (const each of [file, `${file}-wal`, `${file}-shm`]) expect(await modeOf(each), each).toBe(0o600);
    database.sqlite.close();
  } finally {
    process.umask(umask);
    await rm(root, { recursive: true, force: true });
  }
});

it('narrows a database file made world-readable before to 0600', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ira-sqlite-old-'));
  try {
    const file = path.join(dir, 'ira.sqlite');
    await writeFile(file, '');
    await chmod(file, 0o644);
    const db = openSqliteDatabase(file);
    expect(await modeOf(file)).toBe(0o600);
    db.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
