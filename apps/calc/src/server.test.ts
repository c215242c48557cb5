// calc listens on loopback unless CALC_HOST says otherwise (the edge reaches it there,
// CALC_URL's default): a server bound to 127.0.0.1 does not answer on 127.0.0.2, another
// loopback address (Linux routes all of 127/8 to lo), where one bound to every interface does.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@ira/testing/free-port';
import { afterEach, describe, expect, it } from 'vitest';

const SERVER = path.resolve(import.meta.dirname, 'server.ts');
// calc reads the gazetteer at start: on a busy machine that took over 20 s.
const READY_TIMEOUT_MS = 60_000;
const TEST_TIMEOUT_MS = 90_000;
const started: Array<{ child: ChildProcess; dir: string }> = [];

afterEach(async () => {
  for (const { child, dir } of started.splice(0)) {
    child.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
});

const answers = (url: string) =>
  fetch(url).then(
    (response) => response.ok,
    () => false,
  );

async function startCalc(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), 'ira-calc-host-'));
  const child = spawn(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dir, CALC_PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: 'ignore',
  });
  started.push({ child, dir });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!(await answers(`http://127.0.0.1:${port}/healthz`))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('calc did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return port;
}

describe('calc server', () => {
  it(
    'listens on 127.0.0.1 only by default',
    async () => {
      const port = await startCalc({});
      expect(await answers(`http://127.0.0.2:${port}/healthz`)).toBe(false);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'listens on every interface with CALC_HOST=*',
    async () => {
      const port = await startCalc({ CALC_HOST: '*' });
      expect(await answers(`http://127.0.0.2:${port}/healthz`)).toBe(true);
    },
    TEST_TIMEOUT_MS,
  );
});
