// One bounded load run against a loopback URL — with wrk when the machine has it,
// autocannon otherwise — plus the server process's peak RSS (VmHWM) and CPU time
// read from /proc.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import type { LoadOptions, LoadResult } from './load-types.ts';
import { runWrk, wrkVersion } from './wrk.ts';

export type Generator = 'wrk' | 'autocannon';

const WRK_VERSION = wrkVersion();

/** `wrk` when installed (Debian's `wrk` package), else autocannon; `preferred` forces one. */
export function chooseGenerator(preferred?: string): { generator: Generator; label: string } {
  if (preferred === 'autocannon' || (preferred === undefined && WRK_VERSION === null)) {
    return { generator: 'autocannon', label: 'autocannon (JavaScript, shares the CPU with the server)' };
  }
  if (WRK_VERSION === null) throw new Error('--generator wrk: wrk is not installed (apt-get install wrk)');
  return { generator: 'wrk', label: `wrk ${WRK_VERSION} (1 thread)` };
}

export function runLoad(options: LoadOptions, generator: Generator = chooseGenerator().generator): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(options) : runAutocannon(options);
}

async function runAutocannon(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers,
    requests: pathCycle(options.paths),
    ...(options.paceRps === undefined ? {} : { overallRate: options.paceRps }),
  });
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

function pathCycle(paths: string[]): autocannon.Request[] {
  let next = 0;
  return [
    {
      setupRequest: (request) => {
        request.path = paths[next++ % paths.length];
        return request;
      },
    },
  ];
}

// Linux USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s ticks.
const US_PER_TICK = 10_000;

/** A process's user + system CPU time in µs (Linux): steadier than req/s on a busy machine. */
export function cpuTimeUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) * US_PER_TICK;
}

/** Peak resident set size of a process in MiB (Linux). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}
