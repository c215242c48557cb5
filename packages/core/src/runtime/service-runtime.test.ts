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

  // V8 allocates a literal straight into the old generation once its objects outlived a few
  // scavenges, and never takes that back while a large live heap keeps full collections
  // productive. A request's objects allocated old stay until the next full collection and keep
  // what they point to alive through every scavenge: an edge started into such a burst ran at
  // 1.5-2.5× its CPU per answer for its life (docs/performance.md).
  it('never allocates a request object old for what objects of its kind did before', () => {
    const script = [
      "const content = Array.from({ length: 600000 }, (_, i) => ({ i, text: 'verse ' + i }));",
      "function requestState(n) { return { n, key: 'k' + n }; }",
      'let burst = [];',
      'for (let i = 0; i < 400000; i++) burst.push(requestState(i));',
      'burst = null;',
      'let last;',
      'for (let i = 0; i < 3000000; i++) last = requestState(i);',
      'let old = 0;',
      'for (let i = 0; i < 1000; i++) if (!%InYoungGeneration(requestState(i))) old++;',
      'console.log(old, content.length, last.n);',
    ].join('\n');
    for (const name of ['edge', 'calc'] as const) {
      const flags = [...SERVICE_PROCESSES[name].nodeFlags, '--allow-natives-syntax'];
      const run = spawnSync(process.execPath, [...flags, '-e', script], { encoding: 'utf8' });
      expect(run.stderr, name).toBe('');
      expect(run.stdout.trim(), name).toBe('0 600000 2999999');
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
