// Measures calc's caches and its cost over a bare node:http server, in one run:
//   npm exec -- node apps/calc/bench/measure.ts [--duration S] [--connections N]
// Not part of `npm test` (DESIGN §5: speed is measured, never asserted). Each server
// runs in its own child process (`serve` role below); load comes from autocannon.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const SELF = import.meta.filename;
// A per-key limit no run reaches (the deployment setting caps at 1e6 per window).
const UNLIMITED = 1_000_000_000;
const WARMUP_S = 2;

type Mode = 'cached' | 'uncached' | 'zones-only' | 'results-only';

async function serveCalc(mode: Mode): Promise<void> {
  const { loadConfig } = await import('@ira/core/config');
  const { openKeyStore } = await import('@ira/core/keys/open-store');
  const { issueKey } = await import('@ira/core/keys/key-service');
  const { createUsageRecorder } = await import('@ira/core/usage-recorder');
  const { createApp } = await import('../src/app.ts');
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ira-calc-measure-')) });
  const store = await openKeyStore(config);
  const { key } = await issueKey(store, { userId: null, name: 'measure', limits: { calculation: UNLIMITED } });
  const caches = {
    cached: {},
    uncached: { zoneCacheMax: 0, resultCacheMax: 0 },
    'zones-only': { resultCacheMax: 0 },
    'results-only': { zoneCacheMax: 0 },
  }[mode];
  const app = createApp(config, { store, redis: null, usage: createUsageRecorder(store) }, caches);
  const server = http.createServer(app.callback()).listen(0, '127.0.0.1', () => {
    process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, key })}\n`);
  });
}

function serveBytes(file: string): void {
  const body = readFileSync(file);
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': body.length });
    response.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${JSON.stringify({ port: (server.address() as AddressInfo).port, key: '' })}\n`));
}

interface Started {
  port: number;
  key: string;
  pid: number;
  stop(): void;
}

// Linux USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s ticks.
const US_PER_TICK = 10_000;

/** The server process's user + system CPU time in µs: robust to a busy machine, unlike rps. */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, i.e. 12 and 13 after "pid (comm) ".
  return (Number(fields[11]) + Number(fields[12])) * US_PER_TICK;
}

function start(args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [SELF, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout.once('data', (chunk: Buffer) => {
      const { port, key } = JSON.parse(chunk.toString());
      resolve({ port, key, pid: child.pid!, stop: () => child.kill('SIGTERM') });
    });
  });
}

/** Deterministic spread of coordinates over populated latitudes; `count` distinct points. */
function points(count: number): Array<[number, number]> {
  return Array.from({ length: count }, (_, i) => [
    Number((-45 + ((i * 7919) % 10_500) / 100).toFixed(4)),
    Number((-170 + ((i * 104_729) % 34_000) / 100).toFixed(4)),
  ]);
}

async function load(server: Started, paths: string[], durationS: number, connections: number) {
  const { port, key } = server;
  let next = 0;
  const cpuBefore = cpuUs(server.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: durationS,
    headers: key ? { 'X-API-Key': key } : {},
    requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const cpu_us_per_req = Math.round((cpuUs(server.pid) - cpuBefore) / result.requests.total);
  return { rps: Math.round(result.requests.average), p50_ms: result.latency.p50, p99_ms: result.latency.p99, cpu_us_per_req, non2xx: result.non2xx, errors: result.errors };
}

async function scenario(name: string, mode: Mode, paths: string[], durationS: number, connections: number) {
  const calc = await start(['serve', mode]);
  const sample = await fetch(`http://127.0.0.1:${calc.port}${paths[0]}`, { headers: { 'X-API-Key': calc.key } });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ira-calc-bytes-')), 'body.json');
  writeFileSync(file, Buffer.from(await sample.arrayBuffer()));
  await load(calc, paths, WARMUP_S, connections);
  const measured = await load(calc, paths, durationS, connections);
  calc.stop();
  const bare = await start(['bytes', file]);
  await load(bare, paths, WARMUP_S, connections);
  const baseline = await load(bare, paths, durationS, connections);
  bare.stop();
  const ratio = Number((measured.rps / baseline.rps).toFixed(3));
  const baselineFields = { baseline_rps: baseline.rps, baseline_p99_ms: baseline.p99_ms, baseline_cpu_us_per_req: baseline.cpu_us_per_req };
  console.log(JSON.stringify({ name, mode, ...measured, ...baselineFields, ratio }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { duration: { type: 'string', default: '8' }, connections: { type: 'string', default: '10' } } });
  const durationS = Number(values.duration);
  const connections = Number(values.connections);
  // Far more distinct points than requests in a run: every prayer-time request misses the result cache.
  const unique = points(200_000).map(([lat, lon]) => `/api/v1/prayer-time?lat=${lat}&lon=${lon}&date=2026-03-20`);
  // 100 places asked again and again (an app's users in a few cities): the cache's case.
  const hot = points(100).map(([lat, lon]) => `/api/v1/prayer-time?lat=${lat}&lon=${lon}&date=2026-03-20`);
  const qibla = points(200_000).map(([lat, lon]) => `/api/v1/qibla?lat=${lat}&lon=${lon}`);
  await scenario('prayer-time-varying', 'cached', unique, durationS, connections);
  await scenario('prayer-time-varying', 'uncached', unique, durationS, connections);
  await scenario('prayer-time-hot-100', 'cached', hot, durationS, connections);
  await scenario('prayer-time-hot-100', 'zones-only', hot, durationS, connections);
  await scenario('prayer-time-hot-100', 'uncached', hot, durationS, connections);
  await scenario('qibla-varying', 'cached', qibla, durationS, connections);
}

const [role, arg] = process.argv.slice(2);
if (role === 'serve') await serveCalc(arg as Mode);
else if (role === 'bytes') serveBytes(arg!);
else await main();
