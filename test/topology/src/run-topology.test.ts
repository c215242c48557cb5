// `npm run topology` (src/run-topology.ts) as a person uses it: it prints the
// API's URL, its certificate and a key that work through nginx, and one Ctrl-C
// (SIGINT) stops every service cleanly and removes what the run made.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClient } from './client.ts';
import { NODE_24, REPO_ROOT } from './services.ts';
import { topologyAvailable } from './topology.ts';

const available = await topologyAvailable('npm run topology');

describe.skipIf(!available)('npm run topology', () => {
  it('prints a working API URL, certificate and key, and stops cleanly on one SIGINT', async () => {
    const child = spawn(NODE_24, ['src/run-topology.ts'], {
      cwd: path.join(REPO_ROOT, 'test/topology'),
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await expect
      .poll(() => output.includes('Ctrl-C stops everything.') || child.exitCode !== null, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(true);
    const field = (name: string) => new RegExp(`^  ${name}\\s+(\\S+)`, 'm').exec(output)?.[1] ?? '';
    const [api, certPath, key, nginxConfig] = [field('API'), field('certificate'), field('key'), field('nginx')];
    const get = createClient(readFileSync(certPath));
    expect((await get(`${api}/api/v1/asma-ul-husna/1`, key)).status).toBe(200);
    child.kill('SIGINT');
    expect(await exited, output).toBe(0);
    expect(output).toContain('topology: stopped (every service exited 0)');
    expect(existsSync(nginxConfig)).toBe(false);
  });
});
