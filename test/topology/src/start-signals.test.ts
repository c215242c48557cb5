// `npm start` (scripts/start.ts) stopped the way a terminal or a supervisor
// does it: SIGTERM to the whole process group. Each service must drain once
// (the second signal used to kill the edge before it wrote its usage: 37 of 37
// counts lost in 2 of 3 runs) and every count must be in the store.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqliteStore } from '@ira/core/keys/sqlite-store';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, NODE_24, REPO_ROOT } from './services.ts';

const REQUESTS = 7;

describe('npm start and one SIGTERM to its process group', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ira-start-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('drains every service once and loses no usage count', async () => {
    const [port, calcPort, portalPort] = [await freePort(), await freePort(), await freePort()];
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dir, PORT: String(port), CALC_PORT: String(calcPort), PORTAL_PORT: String(portalPort) };
    // detached: a process group of its own, like a terminal session.
    const child = spawn(NODE_24, ['scripts/start.ts'], { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const key = await new Promise<string>((resolve, reject) => {
      const check = () => {
        const match = /Dev key\s+(ira_live_\w+)/.exec(output);
        if (match) resolve(match[1]!);
      };
      child.stdout.on('data', check);
      void exited.then(() => reject(new Error(`npm start exited early:\n${output}`)));
    });
    for (let i = 0; i < REQUESTS; i += 1) {
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/asma-ul-husna/1`, { headers: { 'X-API-Key': key } })).status).toBe(200);
    }
    process.kill(-child.pid!, 'SIGTERM');
    expect(await exited).toBe(0);
    expect(output.match(/SIGTERM, draining/g)).toHaveLength(3);
    const store = openSqliteStore(path.join(dir, 'ira.sqlite'));
    const rows = await store.usageSince((await store.listKeys()).map((record) => record.id), '2000-01-01');
    await store.close();
    expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(REQUESTS);
  });
});
