import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_ENV, SERVICE_PROCESSES } from './service-runtime.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

describe('SERVICE_PROCESSES', () => {
  it('names an entry that exists for the edge and calc (the portal is built)', () => {
    for (const name of ['edge', 'calc'] as const)
      expect(existsSync(path.join(ROOT, SERVICE_PROCESSES[name].entry))).toBe(true);
  });

  // A flag this Node does not know stops the process before the service starts.
  it('names only flags this Node accepts', () => {
    for (const [name, { nodeFlags }] of Object.entries(SERVICE_PROCESSES)) {
      const run = spawnSync(process.execPath, [...nodeFlags, '-e', '0'], { encoding: 'utf8' });
      expect(run.stderr, name).toBe('');
      expect(run.status, name).toBe(0);
    }
  });
});

describe('SERVICE_ENV', () => {
  // The stripper, once loaded, holds its memory for the process's life.
  it('starts a service from the compile cache, without the TypeScript stripper, after its first start', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ira-compile-cache-'));
    try {
      const entry = path.join(dir, 'entry.ts');
      writeFileSync(
        entry,
        'const loaded: string[] = process.moduleLoadList;\n' +
          'console.log(loaded.some((name) => name.includes("amaro")));\n',
      );
      const start = () =>
        spawnSync(process.execPath, [entry], { env: { ...process.env, ...SERVICE_ENV }, encoding: 'utf8' });
      const [first, second] = [start(), start()];
      expect(first.stdout.trim()).toBe('true');
      expect(second.stderr).toBe('');
      expect(second.stdout.trim()).toBe('false');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
