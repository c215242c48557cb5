import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { hashKey, isWellFormedKey } from '@ira/core/runtime/keys/api-key';
import { openSqliteStore } from '@ira/core/runtime/keys/sqlite-store';
import { hasUnprintable } from '@ira/core/text/unprintable';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');
// The pinned Node 24 (the bare `node` on PATH may be 20).
const NODE_24 = path.join(REPO_ROOT, 'node_modules/.bin/node');
const run = promisify(execFile);

let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ira-keys-cli-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

async function keys(...args: string[]): Promise<Result> {
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
  try {
    const { stdout, stderr } = await run(NODE_24, ['scripts/keys.ts', ...args], { cwd: REPO_ROOT, env });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const lastLine = (text: string) => text.trimEnd().split('\n').at(-1)!;

async function storedKey(key: string) {
  const store = openSqliteStore(path.join(dataDir, 'ira.sqlite'));
  try {
    return await store.findKeyByHash(hashKey(key));
  } finally {
    await store.close();
  }
}

describe('keys create', () => {
  it('prints the new key alone on the last line and stores it with its limits', async () => {
    const result = await keys('create', '--name', 'CI runner', '--general', '50', '--calculation', '7');
    expect(result.code).toBe(0);
    const key = lastLine(result.stdout);
    expect(isWellFormedKey(key)).toBe(true);
    expect(await storedKey(key)).toMatchObject({
      name: 'CI runner',
      limits: { general: 50, calculation: 7 },
      revokedAt: null,
    });
  });

  it('works through `npm run keys` from the repo root', async () => {
    const { stdout } = await run('npm', ['run', '--silent', 'keys', '--', 'create', '--name', 'via npm'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
    });
    expect(isWellFormedKey(lastLine(stdout))).toBe(true);
  });
});

describe('keys revoke', () => {
  it('revokes by display start with --yes, prints what it revoked, and exits 1 when nothing matches', async () => {
    const key = lastLine((await keys('create', '--name', 'to revoke')).stdout);
    const revoked = await keys('revoke', key.slice(0, 13), '--yes');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain(`Revoked ${key.slice(0, 13)}`);
    expect((await storedKey(key))!.revokedAt).toBeInstanceOf(Date);
    const again = await keys('revoke', key, '--yes');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/No active key matches/);
  });

  it('refuses "i", "ira" and "ira_li" (shorter than a display start) and revokes nothing', async () => {
    const key = lastLine((await keys('create', '--name', 'must survive')).stdout);
    for (const short of ['i', 'ira', 'ira_li']) {
      const result = await keys('revoke', short, '--yes');
      expect(result.code, short).toBe(2);
      expect(result.stderr).toMatch(/at least its display start/);
    }
    expect((await storedKey(key))!.revokedAt).toBeNull();
  });

  it('without --yes, asks and revokes only on "y"; with no terminal to ask, refuses', async () => {
    const key = lastLine((await keys('create', '--name', 'asked')).stdout);
    const declined = await keys('revoke', key.slice(0, 13));
    expect(declined.code).toBe(2);
    expect(declined.stderr).toMatch(/--yes/);
    expect((await storedKey(key))!.revokedAt).toBeNull();
  });
});

describe('keys list', () => {
  it('shows a table with start, name, limits, created, last used and revoked', async () => {
    const key = lastLine((await keys('create', '--name', 'listed', '--general', '12')).stdout);
    const result = await keys('list');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^START\s+NAME\s+GENERAL\s+CALCULATION\s+CREATED\s+LAST USED\s+REVOKED$/);
    const row = lines.find((line) => line.startsWith(key.slice(0, 13)));
    expect(row).toMatch(/listed\s+12\s+5 \(default\)\s+\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ\s+-\s+-$/);
    expect(result.stdout).not.toContain(key);
  });

  it('refuses a name with control or bidi characters, and never prints one stored before', async () => {
    const refused = await keys('create', '--name', '\u001b[31mred\u202e');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('may not hold control characters');
    // As a release that took any name stored it.
    const store = openSqliteStore(path.join(dataDir, 'ira.sqlite'));
    try {
      const raw = { userId: null, name: 'old\u001b[2Jname\u202e', start: 'ira_live_Old1', hash: 'h'.repeat(64) };
      await store.createKey({ ...raw, limits: { general: null, calculation: null } });
    } finally {
      await store.close();
    }
    const listed = await keys('list');
    expect(listed.stdout).toContain('old\\u{1B}[2Jname\\u{202E}');
    expect(hasUnprintable(listed.stdout.replaceAll('\n', ' '))).toBe(false);
  });
});

describe('bad arguments', () => {
  it.each([
    [[]],
    [['frobnicate']],
    [['create']],
    [['create', '--name', 'x', '--general', 'ten']],
    [['create', '--name', 'x', '--colour', 'red']],
    [['revoke']],
    [['revoke', 'ira_live_']],
    [['list', 'extra']],
  ])('%j prints usage or the reason on stderr and exits 2', async (args) => {
    const result = await keys(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.length).toBeGreaterThan(0);
  });

  it('shows the usage text for an unknown command', async () => {
    expect((await keys('frobnicate')).stderr).toContain('npm run keys -- create --name NAME');
  });
});
