import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serviceNodeFlags } from './service-runtime.ts';

const ENTRIES = ['apps/edge/src/server.ts', 'apps/calc/src/server.ts', 'apps/portal/dist/server/entry.mjs'];

describe('serviceNodeFlags', () => {
  it('gives every service the young- and old-generation bounds', () => {
    for (const entry of ENTRIES) expect(serviceNodeFlags(entry), entry).toEqual(expect.arrayContaining(['--max-semi-space-size=16', '--heap-growing-percent=50']));
  });

  it('turns allocation-site pretenuring off for calc alone', () => {
    expect(serviceNodeFlags('apps/calc/src/server.ts')).toContain('--no-allocation-site-pretenuring');
    expect(serviceNodeFlags('apps/edge/src/server.ts')).not.toContain('--no-allocation-site-pretenuring');
    expect(serviceNodeFlags('apps/portal/dist/server/entry.mjs')).not.toContain('--no-allocation-site-pretenuring');
  });

  // A flag this Node does not know stops the process before the service starts.
  it('names only flags this Node accepts', () => {
    for (const entry of ENTRIES) {
      const run = spawnSync(process.execPath, [...serviceNodeFlags(entry), '-e', '0'], { encoding: 'utf8' });
      expect(run.stderr, entry).toBe('');
      expect(run.status, entry).toBe(0);
    }
  });
});
