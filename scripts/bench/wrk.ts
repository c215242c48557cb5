// Load runs with Debian's wrk (C, event loop per thread): on a two-core machine a
// JavaScript generator takes the CPU the measured server needs, wrk much less.
// The paths to cycle through are read by a Lua script from a file, one per line.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LoadOptions, LoadResult } from './load-types.ts';

// One wrk thread: it drives 64 connections easily and leaves the other core to the server.
const WRK_THREADS = 1;
const WRK_TIMEOUT_S = 10;
const PACE_SEED = 7;
// wrk opens all its connections at once. libuv accepts one connection per turn of the
// event loop, so when each connection's first request went out as it opened, a server
// busy answering the first dozen accepted the rest one turn at a time: the last first
// request waited 80-370 ms (calc and the bare computation server alike, logged per
// request), and wrk's coordinated-omission correction turned those 64 answers into a
// p99 of 60-350 ms for the whole round. Every first request waits this long instead, while
// the idle server accepts them all; the run's req/s leaves the pause out.
const ADMISSION_PAUSE_MS = 100;

export function wrkVersion(): string | null {
  const probe = spawnSync('wrk', ['-v'], { encoding: 'utf8' });
  if (probe.error) return null;
  const match = /wrk (\S+)/.exec(`${probe.stdout}${probe.stderr}`);
  return match ? match[1]! : 'unknown';
}

function luaString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

// `done` prints one JSON line; latency is in µs. `summary.errors.status` counts
// responses with a status above 399.
// wrk's delay hook runs before every request; its first `connections` calls are the
// connections' first requests (one thread), which wait the admission pause.
// With a pace, each connection waits on average connections/rate seconds before its next
// request, so the total rate stays near the pace while answers are fast.
// The wait is drawn uniformly from 0 to twice that (seeded, so runs repeat): with one
// fixed wait, all 64 connections, opened together, stayed in step and the server met
// trains of 64 requests at once every 32 ms instead of a steady 2,000 a second.
function luaScript(
  pathsFile: string,
  headers: Record<string, string>,
  connections: number,
  delayMs: number | null,
  pauseMs: number,
): string {
  const headerLines = Object.entries(headers).map(
    ([name, value]) => `wrk.headers[${luaString(name)}] = ${luaString(value)}`,
  );
  const wait = delayMs === null ? '0' : `math.floor(math.random() * ${2 * delayMs})`;
  return `${headerLines.join('\n')}
math.randomseed(${PACE_SEED})
local opening = ${Math.ceil(connections / WRK_THREADS)}
delay = function()
  local wait = ${wait}
  if opening > 0 then
    opening = opening - 1
    return ${pauseMs} + wait
  end
  return wait
end
local paths = {}
for line in io.lines(${luaString(pathsFile)}) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration_us":%d,"p50_us":%d,"p99_us":%d,' ..
    '"socket_errors":%d,"status_errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

/** `pauseMs`: the admission pause (a test on a loaded machine gives its server longer). */
export async function runWrk(options: LoadOptions, pauseMs = ADMISSION_PAUSE_MS): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ira-wrk-'));
  try {
    const pathsFile = path.join(dir, 'paths.txt');
    writeFileSync(pathsFile, `${options.paths.join('\n')}\n`);
    const delayMs = options.paceRps === undefined ? null : Math.round((options.connections * 1000) / options.paceRps);
    writeFileSync(
      path.join(dir, 'load.lua'),
      luaScript(pathsFile, options.headers, options.connections, delayMs, pauseMs),
    );
    const args = [
      '-t',
      String(WRK_THREADS),
      '-c',
      String(options.connections),
      '-d',
      `${options.durationS}s`,
      '--timeout',
      `${WRK_TIMEOUT_S}s`,
      '-s',
      path.join(dir, 'load.lua'),
      options.url,
    ];
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('error', reject);
      child.once('close', (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited with ${code}: ${text.trim()}`)),
      );
    });
    const line = output.split('\n').find((item) => item.startsWith('{"requests"'));
    if (!line) throw new Error(`wrk printed no summary: ${output.trim()}`);
    const summary = JSON.parse(line) as Record<string, number>;
    const total = summary.requests!;
    return {
      rps: Math.round(total / (summary.duration_us! / 1e6 - pauseMs / 1000)),
      p50_ms: Number((summary.p50_us! / 1000).toFixed(2)),
      p99_ms: Number((summary.p99_us! / 1000).toFixed(2)),
      errors: summary.socket_errors!,
      non2xx: summary.status_errors!,
      total,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
