// Measures the calc service's caches, each mode next to the bench's bare node:http
// baseline with the same bytes, in one run (docs/operations.md "Performance": measured, never asserted):
//   npm exec -- node scripts/bench/calc-caches.ts [--duration S] [--connections N]
// The calc app runs in a child process (`serve` role below) with one cache mode.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuTimeUs, runLoad } from './load.ts';
import { coordinates, DISTINCT_POINTS, prayerPath, qiblaPath, REPEATED_POINTS } from './scenarios.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
// A per-key limit no run reaches (the deployment setting caps at 1e6 per window).
const UNLIMITED = 1_000_000_000;
const WARMUP_S = 2;

type Mode = 'cached' | 'uncached' | 'zones-only' | 'results-only';
const CACHE_OPTIONS: Record<Mode, { zoneCacheMax?: number; resultCacheMax?: number }> = {
  cached: {},
  uncached: { zoneCacheMax: 0, resultCacheMax: 0 },
  'zones-only': { resultCacheMax: 0 },
  'results-only': { zoneCacheMax: 0 },
};

async function serveCalc(mode: Mode): Promise<void> {
  const { loadConfig } = await import('@ira/core/runtime/config');
  const { openKeyStore } = await import('@ira/core/runtime/keys/open-store');
  const { issueKey } = await import('@ira/core/runtime/keys/key-service');
  const { createUsageRecorder } = await import('@ira/core/runtime/usage-recorder');
  const { createApp } = await import('../../apps/calc/src/app.ts');
  const config = loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ira-calc-caches-')) });
  const store = await openKeyStore(config);
  const { key } = await issueKey(store, { userId: null, name: 'calc-caches', limits: { calculation: UNLIMITED } });
  const { createPlaceIndex } = await import('../../apps/calc/src/places/place-index.ts');
  const { openContentSource } = await import('@ira/core/runtime/content-source');
  const { PLACES_PATH } = await import('@ira/core/contract/content-format');
  const places = createPlaceIndex(await (await openContentSource(config)).read(PLACES_PATH));
  const app = createApp(
    config,
    { store, redis: null, usage: createUsageRecorder(store) },
    { places, ...CACHE_OPTIONS[mode] },
  );
  const server = http.createServer(app.callback()).listen(0, '127.0.0.1', () => {
    process.stdout.write(`${(server.address() as AddressInfo).port} ${key}\n`);
  });
}

interface Started {
  url: string;
  key: string;
  child: ChildProcess;
}

/** Starts a child that prints "<port> [key]" once listening. */
function start(entry: string, args: string[]): Promise<Started> {
  const child = spawn(process.execPath, [entry, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    child.stdout!.once('data', (chunk: Buffer) => {
      const [port, key = ''] = chunk.toString().trim().split(' ');
      resolve({ url: `http://127.0.0.1:${port}`, key, child });
    });
  });
}

async function measure(server: Started, paths: string[], durationS: number, connections: number) {
  const load = { url: server.url, headers: { 'X-API-Key': server.key }, paths, connections };
  await runLoad({ ...load, durationS: WARMUP_S });
  const cpuBefore = cpuTimeUs(server.child.pid!);
  const result = await runLoad({ ...load, durationS });
  return { ...result, cpu_us_per_req: Math.round((cpuTimeUs(server.child.pid!) - cpuBefore) / result.total) };
}

async function scenario(name: string, mode: Mode, paths: string[], durationS: number, connections: number) {
  const calc = await start(import.meta.filename, ['serve', mode]);
  const sample = await fetch(`${calc.url}${paths[0]}`, { headers: { 'X-API-Key': calc.key } });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'ira-calc-bytes-')), 'body.json');
  writeFileSync(file, Buffer.from(await sample.arrayBuffer()));
  const measured = await measure(calc, paths, durationS, connections);
  calc.child.kill('SIGTERM');
  const bare = await start(path.join(ROOT, 'scripts/bench/baseline-server.ts'), [file]);
  const baseline = await measure(bare, paths, durationS, connections);
  bare.child.kill('SIGTERM');
  const ratio = Number((measured.rps / baseline.rps).toFixed(3));
  const baselineFields = {
    baseline_rps: baseline.rps,
    baseline_p99_ms: baseline.p99_ms,
    baseline_cpu_us_per_req: baseline.cpu_us_per_req,
  };
  console.log(JSON.stringify({ name, mode, ...measured, ...baselineFields, ratio }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '8' }, connections: { type: 'string', default: '10' } },
  });
  const durationS = Number(values.duration);
  const connections = Number(values.connections);
  // More distinct points than requests in a run: every prayer-time request misses the result cache.
  const distinct = coordinates(DISTINCT_POINTS).map(prayerPath);
  // A few places asked again and again (an app's users in a few cities): the cache's case.
  const repeated = coordinates(REPEATED_POINTS).map(prayerPath);
  await scenario('prayer-time-varying', 'cached', distinct, durationS, connections);
  await scenario('prayer-time-varying', 'uncached', distinct, durationS, connections);
  await scenario('prayer-time-repeated', 'cached', repeated, durationS, connections);
  await scenario('prayer-time-repeated', 'zones-only', repeated, durationS, connections);
  await scenario('prayer-time-repeated', 'uncached', repeated, durationS, connections);
  await scenario('qibla-varying', 'cached', coordinates(DISTINCT_POINTS).map(qiblaPath), durationS, connections);
}

const [role, mode] = process.argv.slice(2);
if (role === 'serve') await serveCalc(mode as Mode);
else await main();
