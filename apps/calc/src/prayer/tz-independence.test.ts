// Results must not depend on the server's own time zone (docs/api-decisions.md): the same
// computations in child processes under very different TZ values, and in this one
// (npm test runs the suite under America/Los_Angeles and Asia/Tokyo), must agree.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { computeAll } from '../test-support/tz-probe.ts';

const PROBE_URL = new URL('../test-support/tz-probe.ts', import.meta.url).href;
const CHILD_SCRIPT =
  `const { computeAll } = await import(${JSON.stringify(PROBE_URL)}); ` + 'process.stdout.write(computeAll());';

function computeUnder(tz: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', CHILD_SCRIPT], {
    env: { ...process.env, TZ: tz },
    encoding: 'utf8',
  });
}

describe('prayer times do not depend on the server’s TZ', () => {
  it('runs this suite under a non-UTC zone (npm test sets TZ)', () => {
    expect(process.env.TZ, 'run through npm test, which sets TZ').toBeDefined();
    expect(new Date(2026, 0, 1).getTimezoneOffset()).not.toBe(0);
  });

  it('gives identical results under UTC, Pacific/Kiritimati (+14), Pacific/Pago_Pago (-11) and this run’s zone', () => {
    const here = computeAll();
    expect(here).toMatch(/"fajr"/);
    for (const tz of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      expect(computeUnder(tz), `TZ=${tz}`).toBe(here);
    }
  });
});
