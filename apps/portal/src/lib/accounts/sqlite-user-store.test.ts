import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '@ira/core/database/open-database';
import { runUserStoreContract } from './user-store-contract.ts';

let root = '';
let made = 0;
/** A DATA_DIR of its own per database, opened as the portal opens it. */
const dataDir = () => openDatabase({ dataDir: path.join(root, `data-${made}`), databaseUrl: null });

runUserStoreContract('SQLite (node:sqlite)', {
  async create() {
    root ||= await mkdtemp(path.join(tmpdir(), 'ira-users-'));
    made += 1;
    return dataDir();
  },
  connectAgain: dataDir,
  async cleanup() {
    if (root) await rm(root, { recursive: true, force: true });
    root = '';
  },
});
