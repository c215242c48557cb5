import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { openSqliteStore } from './sqlite-store.ts';
import { runKeyStoreContract } from './store-contract.ts';

let dir = '';

runKeyStoreContract('SQLite (node:sqlite)', {
  async open() {
    dir = await mkdtemp(path.join(tmpdir(), 'ira-sqlite-'));
    return openSqliteStore(path.join(dir, 'ira.sqlite'));
  },
  async openAgain() {
    return openSqliteStore(path.join(dir, 'ira.sqlite'));
  },
  async cleanup() {
    await rm(dir, { recursive: true, force: true });
  },
});

it('opens an existing database again (schema creation is idempotent) in WAL mode', async () => {
  const own = await mkdtemp(path.join(tmpdir(), 'ira-sqlite-'));
  try {
    const file = path.join(own, 'ira.sqlite');
    await (await openSqliteStore(file)).close();
    const store = await openSqliteStore(file);
    await store.createUser('again@example.com', 'h');
    await store.close();
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(file);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  } finally {
    await rm(own, { recursive: true, force: true });
  }
});
