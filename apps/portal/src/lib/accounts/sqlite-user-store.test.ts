import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { openDatabase, SQLITE_FILE_NAME } from '@ira/core/runtime/database/open-database';
import { SQLITE_SCHEMA_BEFORE_SPLIT } from '@ira/testing/schema-before-split';
import { runUserStoreContract } from './user-store-contract.ts';

let root = '';
let made = 0;
/** The DATA_DIR made last, opened as the portal opens it. */
const dataDir = () => path.join(root, `data-${made}`);
const connect = () => openDatabase({ dataDir: dataDir(), databaseUrl: null });

async function newDataDir(): Promise<string> {
  root ||= await mkdtemp(path.join(tmpdir(), 'ira-users-'));
  made += 1;
  await mkdir(dataDir());
  return dataDir();
}

runUserStoreContract('SQLite (node:sqlite)', {
  async create() {
    await newDataDir();
    return connect();
  },
  connectAgain: connect,
  async createBeforeSplit(user) {
    const db = new DatabaseSync(path.join(await newDataDir(), SQLITE_FILE_NAME));
    db.exec(SQLITE_SCHEMA_BEFORE_SPLIT);
    // The statement that release's createUser ran.
    db.prepare('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)').run(
      user.id,
      user.email,
      user.passwordHash,
      Date.now(),
    );
    db.close();
    return connect();
  },
  async cleanup() {
    if (root) await rm(root, { recursive: true, force: true });
    root = '';
  },
});
