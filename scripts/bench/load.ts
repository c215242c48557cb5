// One bounded load run against a loopback URL with autocannon, plus the
// server process's peak RSS (VmHWM) read from /proc.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  /** Paths to cycle through; one path = the same request every time. */
  paths: string[];
  durationS: number;
  connections: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers,
    requests: pathCycle(options.paths),
  });
  return {
    rps: Math.round(result.requests.average),
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
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

/** Peak resident set size of a process in MiB (Linux). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Math.round(Number(match[1]) / 1024) : 0;
}
