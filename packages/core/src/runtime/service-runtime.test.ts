import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { serviceNodeFlags } from './service-runtime.ts';

const ENTRIES = ['apps/edge/src/server.ts', 'apps/calc/src/server.ts', 'apps/portal/dist/server/entry.mjs'];

describe('serviceNodeFlags', () => {
  it('gives every service the young- and old-generation bounds, the edge the smaller young generation', () => {
    for (const entry of ENTRIES) expect(serviceNodeFlags(entry), entry).toContain('--heap-growing-percent=50');
    expect(serviceNodeFlags('apps/edge/src/server.ts')).toContain('--max-semi-space-size=8');
    expect(serviceNodeFlags('apps/calc/src/server.ts')).toContain('--max-semi-space-size=16');
    expect(serviceNodeFlags('apps/portal/dist/server/entry.mjs')).toContain('--max-semi-space-size=16');
    for (const entry of ENTRIES)
      expect(
        serviceNodeFlags(entry).filter((flag) => flag.startsWith('--max-semi-space-size=')),
        entry,
      ).toHaveLength(1);
  });

  it('turns allocation-site pretenuring off for calc alone', () => {
    expect(serviceNodeFlags('apps/calc/src/server.ts')).toContain('--no-allocation-site-pretenuring');
    expect(serviceNodeFlags('apps/edge/src/server.ts')).not.toContain('--no-allocation-site-pretenuring');
    expect(serviceNodeFlags('apps/portal/dist/server/entry.mjs')).not.toContain('--no-allocation-site-pretenuring');
  });

  it("keeps the edge's WebAssembly (undici's HTTP parser) on V8's baseline compiler", () => {
    expect(serviceNodeFlags('apps/edge/src/server.ts')).toContain('--liftoff-only');
    expect(serviceNodeFlags('apps/calc/src/server.ts')).not.toContain('--liftoff-only');
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
