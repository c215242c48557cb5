import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_PROCESSES } from './service-runtime.ts';

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
