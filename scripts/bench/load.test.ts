import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cpuTimeUs } from './load.ts';

// Spins until it has used 400 ms of CPU, says so, then sleeps until killed.
const SPIN_THEN_SLEEP = `
let sum = 0;
while (process.cpuUsage().user < 400_000) for (let i = 0; i < 1e6; i += 1) sum += i;
process.stdout.write('spun\\n');
setTimeout(() => {}, 60_000);
`;

describe('cpuTimeUs', () => {
  it('counts the CPU time a process spends, not the time it sleeps', async () => {
    const child = spawn(process.execPath, ['-e', SPIN_THEN_SLEEP], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await once(child.stdout!, 'data');
      const spun = cpuTimeUs(child.pid!);
      // /proc counts in 10 ms ticks.
      expect(spun).toBeGreaterThanOrEqual(390_000);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(cpuTimeUs(child.pid!) - spun).toBeLessThan(100_000);
    } finally {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  });
});
