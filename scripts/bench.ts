// `npm run bench [-- --json FILE] [--duration S] [--connections N] [--only NAME]`
// Every figure is a ratio against a bare node:http server returning the same
// bytes from memory, measured side by side in this run (DESIGN §5).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '@ira/core/config';
import { issueKey } from '@ira/core/keys/key-service';
import { openKeyStore } from '@ira/core/keys/open-store';
import { peakRssMb, runLoad } from './bench/load.ts';
import { SCENARIOS, type Scenario } from './bench/scenarios.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const UNLIMITED = 1_000_000_000;
const READY_TIMEOUT_MS = 30_000;

interface Row {
  name: string;
  rps: number;
  p50_ms: number;
  p99_ms: number;
  rss_mb: number;
  baseline_rps: number;
  baseline_p50_ms: number;
  baseline_p99_ms: number;
  baseline_rss_mb: number;
  ratio: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    if (await fetch(url).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} was not ready in time`);
}

function startNode(entry: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function startBaseline(body: Buffer, contentType: string, dir: string): Promise<{ child: ChildProcess; url: string }> {
  const file = path.join(dir, 'baseline-body');
  await writeFile(file, body);
  const child = startNode('scripts/bench/baseline-server.ts', [file, contentType], {});
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
  return { child, url: `http://127.0.0.1:${port}` };
}

async function measure(scenario: Scenario, services: Record<Scenario['service'], { url: string; pid: number }>, key: string, dir: string, options: { durationS: number; connections: number }): Promise<Row> {
  const target = services[scenario.service];
  const headers = { 'X-API-Key': key };
  const sample = await fetch(`${target.url}${scenario.paths[0]}`, { headers });
  if (!sample.ok) throw new Error(`${scenario.name}: ${scenario.paths[0]} answered ${sample.status}`);
  const baseline = await startBaseline(Buffer.from(await sample.arrayBuffer()), sample.headers.get('content-type') ?? 'application/json', dir);
  try {
    const load = { headers, durationS: options.durationS, connections: options.connections };
    const base = await runLoad({ ...load, url: baseline.url, paths: scenario.paths });
    const real = await runLoad({ ...load, url: target.url, paths: scenario.paths });
    if (real.errors > 0 || real.non2xx > 0) throw new Error(`${scenario.name}: ${real.errors} errors, ${real.non2xx} non-2xx responses`);
    return {
      name: scenario.name,
      rps: real.rps,
      p50_ms: real.p50_ms,
      p99_ms: real.p99_ms,
      rss_mb: peakRssMb(target.pid),
      baseline_rps: base.rps,
      baseline_p50_ms: base.p50_ms,
      baseline_p99_ms: base.p99_ms,
      baseline_rss_mb: peakRssMb(baseline.child.pid!),
      ratio: Number((real.rps / base.rps).toFixed(3)),
    };
  } finally {
    baseline.child.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      only: { type: 'string' },
    },
  });
  const options = { durationS: Number(values.duration), connections: Number(values.connections) };
  if (!(options.durationS > 0 && options.connections > 0)) throw new Error('--duration and --connections must be positive numbers');

  if (!existsSync(path.join(ROOT, 'static-data/dist/manifest.json'))) {
    throw new Error('static-data/dist is missing: run `npm run build` first');
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ira-bench-'));
  const [port, calcPort] = [await freePort(), await freePort()];
  // LOG_LEVEL=warn: no access log line per request (nobody reads the services' stdout here, and it is not what is measured).
  const env = { PORT: String(port), CALC_PORT: String(calcPort), DATA_DIR: dir, REDIS_URL: '', DATABASE_URL: '', LOG_LEVEL: 'warn' };
  const config = loadConfig({ ...env });
  const store = await openKeyStore(config);
  const { key } = await issueKey(store, { userId: null, name: 'bench', limits: { general: UNLIMITED, calculation: UNLIMITED } });
  await store.close();

  const calc = startNode('apps/calc/src/server.ts', [], env);
  const edge = startNode('apps/edge/src/server.ts', [], env);
  const rows: Row[] = [];
  try {
    await waitFor(`http://127.0.0.1:${calcPort}/healthz`, calc);
    await waitFor(`http://127.0.0.1:${port}/healthz`, edge);
    const services = {
      edge: { url: `http://127.0.0.1:${port}`, pid: edge.pid! },
      calc: { url: `http://127.0.0.1:${calcPort}`, pid: calc.pid! },
    };
    for (const scenario of SCENARIOS.filter((item) => !values.only || item.name === values.only)) {
      const row = await measure(scenario, services, key, dir, options);
      rows.push(row);
      console.log(
        `${row.name.padEnd(24)} ${String(row.rps).padStart(7)} req/s  p50 ${row.p50_ms} ms  p99 ${row.p99_ms} ms  rss ${row.rss_mb} MB` +
          `  | baseline ${row.baseline_rps} req/s p50 ${row.baseline_p50_ms} ms p99 ${row.baseline_p99_ms} ms rss ${row.baseline_rss_mb} MB  | ratio ${row.ratio}`,
      );
    }
  } finally {
    calc.kill('SIGTERM');
    edge.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
  if (values.json) {
    const report = { node: process.version, cpus: os.cpus().length, scenarios: rows };
    await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`wrote ${values.json}`);
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
