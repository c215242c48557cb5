import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { SQLITE_SCHEMA_BEFORE_SPLIT } from '@ira/testing/schema-before-split';
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
  async openMadeBeforeSplit(userId) {
    const file = path.join(dir, 'before-split.sqlite');
    const db = new DatabaseSync(file);
    db.exec(SQLITE_SCHEMA_BEFORE_SPLIT);
    db.prepare('INSERT INTO users (id, email, password_hash, created_at) VALUES (?, ?, ?, ?)').run(
      userId,
      'before@example.com',
      'h',
      Date.now(),
    );
    db.close();
    return openSqliteStore(file);
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
    const store = openSqliteStore(file);
    await store.createKey({
      userId: null,
      name: 'again',
      start: 'ira_live_xxxx',
      hash: 'again',
      limits: { general: null, calculation: null },
    });
    await store.close();
    const db = new DatabaseSync(file);
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    db.close();
  } finally {
    await rm(own, { recursive: true, force: true });
  }
});

// The pinned Node 24 (the bare `node` on PATH may be 20).
const NODE_24 = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/node');
const WRITER = `
  const { openSqliteStore } = await import(process.argv[1]);
  const store = openSqliteStore(process.argv[2]);
  const limits = { general: null, calculation: null };
  for (let i = 0; i < 25; i += 1) {
    await store.createKey({ userId: null, name: 'w', start: 'ira_live_xxxx', hash: crypto.randomUUID(), limits });
    const usage = { keyId: 'shared', category: 'general', day: '2026-01-01', count: 1, lastUsedAt: new Date() };
    await store.recordUsage([usage]);
  }
  await store.close();
`;

it('takes writes from several processes on one file at once (WAL + busy timeout)', async () => {
  const own = await mkdtemp(path.join(tmpdir(), 'ira-sqlite-'));
  try {
    const file = path.join(own, 'ira.sqlite');
    const storeModule = path.join(import.meta.dirname, 'sqlite-store.ts');
    const run = promisify(execFile);
    await Promise.all(
      Array.from({ length: 4 }, () => run(NODE_24, ['--input-type=module', '-e', WRITER, storeModule, file])),
    );
    const store = openSqliteStore(file);
    expect(await store.listKeys()).toHaveLength(100);
    expect(await store.usageSince(['shared'], '2026-01-01')).toEqual([
      { keyId: 'shared', category: 'general', day: '2026-01-01', count: 100 },
    ]);
    await store.close();
  } finally {
    await rm(own, { recursive: true, force: true });
  }
});
