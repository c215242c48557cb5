// `npm start` (scripts/start.ts) stopped the way a terminal, a supervisor or a
// container runtime does it: SIGTERM to the whole process group, or a signal to
// npm's own process alone (`docker stop` signals PID 1, here npm). Each service
// must drain once (the second signal used to kill the edge before it wrote its
// usage: 37 of 37 counts lost in 2 of 3 runs) and every count must be in the store.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openSqliteStore } from '@ira/core/runtime/keys/sqlite-store';
import { freePort } from '@ira/testing/free-port';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_24, REPO_ROOT } from './services.ts';

const REQUESTS = 7;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

interface Stopped {
  code: number | null;
  output: string;
  /** Usage counts in the store after the stop. */
  counted: number;
}

/** Starts `command` (npm start, or its script), makes REQUESTS keyed reads, then `stop`s it. */
async function startReadAndStop(command: string, args: string[], stop: (pid: number) => void): Promise<Stopped> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ira-start-'));
  dirs.push(dir);
  const [port, calcPort, portalPort] = [await freePort(), await freePort(), await freePort()];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    DATA_DIR: dir,
    PORT: String(port),
    CALC_PORT: String(calcPort),
    PORTAL_PORT: String(portalPort),
  };
  // detached: a process group of its own, like a terminal session.
  const child = spawn(command, args, { cwd: REPO_ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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
    expect(
      (await fetch(`http://127.0.0.1:${port}/api/v1/asma-ul-husna/1`, { headers: { 'X-API-Key': key } })).status,
    ).toBe(200);
  }
  stop(child.pid!);
  const code = await exited;
  // Whatever is left of the group (nothing, when the stop was clean) goes now.
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // the group is gone
  }
  const store = openSqliteStore(path.join(dir, 'ira.sqlite'));
  const rows = await store.usageSince(
    (await store.listKeys()).map((record) => record.id),
    '2000-01-01',
  );
  await store.close();
  return { code, output, counted: rows.reduce((sum, row) => sum + row.count, 0) };
}

describe('npm start, stopped by a signal', () => {
  it('one SIGTERM to its process group: every service drains once and no usage count is lost', async () => {
    const stopped = await startReadAndStop(NODE_24, ['scripts/start.ts'], (pid) => process.kill(-pid, 'SIGTERM'));
    expect(stopped.code, stopped.output).toBe(0);
    expect(stopped.output.match(/SIGTERM, draining/g)).toHaveLength(3);
    expect(stopped.counted).toBe(REQUESTS);
  });

  // npm runs the script through `sh -c`; without `exec` there, sh took npm's forwarded
  // signal and died, and start.ts and every service ran on, never drained.
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to npm alone (docker stop, a supervisor): every service drains once and no usage count is lost',
    async (signal) => {
      const stopped = await startReadAndStop('npm', ['start'], (pid) => process.kill(pid, signal));
      expect(stopped.code, stopped.output).toBe(0);
      expect(stopped.output).toContain(`[start] ${signal}: stopping the services`);
      expect(stopped.output.match(/SIGTERM, draining/g), stopped.output).toHaveLength(3);
      expect(stopped.output).toContain('[start] every service stopped');
      expect(stopped.counted).toBe(REQUESTS);
    },
  );
});
