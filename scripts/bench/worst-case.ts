// The worst-case rows (issue 38): the heaviest calculation shapes found
// (apps/calc/src/test-support/worst-cases.ts), each measured twice on a calc of its own that
// serves /metrics: its cost, calc's CPU time per answer sent one at a time against an ordinary
// year's calendar sent the same way; and a burst, one key's whole minute of it at once
// (RATE_LIMIT_CALCULATION's default) while /healthz and a /qibla are asked every few
// milliseconds. During the burst calc's event-loop delay is read from its own
// monitorEventLoopDelay (prom-client's `nodejs_eventloop_lag_*`, reset at each read of /metrics).
import path from 'node:path';
import { freePort } from '@ira/testing/free-port';
import { ORDINARY_YEAR, WORST_CASES } from '@ira/calc/src/test-support/worst-cases.ts';
import { cpuTimeUs } from './load.ts';
import { startNode, waitFor, type Started } from './processes.ts';

export const WORST_CASE_NAMES = Object.keys(WORST_CASES).map((name) => `worst-${name}`);
// The default `calculation` limit per key and window (README "Settings").
const KEY_MINUTE_REQUESTS = 5;
// Answers sent one at a time for the cost, each for another year (no answer helps the next).
const COST_SAMPLES = 6;
const FIRST_YEAR = 2026;
const PROBE_INTERVAL_MS = 5;
const MS_PER_S = 1_000;

export interface WorstRow {
  name: string;
  /** calc's CPU time per answer, ms: the shape's and an ordinary year's calendar's. */
  cpu_ms_per_answer: number;
  ordinary_cpu_ms_per_answer: number;
  cost_ratio: number;
  /** The burst: how long its slowest answer took, and calc's event-loop delay meanwhile. */
  burst_ms: number;
  event_loop_p99_ms: number;
  event_loop_max_ms: number;
  /** The longest wait of /healthz and of a /qibla asked during the burst. */
  healthz_max_ms: number;
  qibla_max_ms: number;
}

const inYear = (pathAndQuery: string, year: number) => pathAndQuery.replace(String(FIRST_YEAR), String(year));

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/** calc's CPU time per answer, ms, for the path in COST_SAMPLES years one after another. */
async function cpuPerAnswerMs(calc: string, pid: number, pathAndQuery: string, key: string): Promise<number> {
  const before = cpuTimeUs(pid);
  for (let i = 0; i < COST_SAMPLES; i++)
    await timed(`${calc}${inYear(pathAndQuery, FIRST_YEAR + i)}`, { 'X-API-Key': key });
  return (cpuTimeUs(pid) - before) / MS_PER_S / COST_SAMPLES;
}

/** prom-client's event-loop lag gauges, in ms; reading them resets the histogram behind them. */
async function eventLoopLagMs(metrics: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${metrics}/metrics`)).text();
  const gauge = (name: string) =>
    Number(new RegExp(`^ira_nodejs_eventloop_lag_${name}_seconds (\\S+)`, 'm').exec(text)?.[1]) * MS_PER_S;
  return { p99: gauge('p99'), max: gauge('max') };
}

/**
 * Asks `url` again every PROBE_INTERVAL_MS until `stop` says so; the longest wait, ms. A reset
 * connection (a service that held its loop past the keep-alive timeout) counts as a wait
 * that long, and the probe asks again.
 */
async function probe(url: string, headers: Record<string, string>, stop: () => boolean): Promise<number> {
  let longest = 0;
  while (!stop()) {
    const started = performance.now();
    const waited = await timed(url, headers).catch(() => performance.now() - started);
    longest = Math.max(longest, waited);
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  return longest;
}

async function burst(calc: string, metrics: string, pathAndQuery: string, key: string) {
  await eventLoopLagMs(metrics);
  const headers = { 'X-API-Key': key };
  let done = false;
  const probes = Promise.all([
    probe(`${calc}/healthz`, {}, () => done),
    probe(`${calc}/api/v1/qibla?lat=51.5074&lon=-0.1278`, headers, () => done),
  ]);
  const years = Array.from({ length: KEY_MINUTE_REQUESTS }, (_, i) => FIRST_YEAR + COST_SAMPLES + i);
  const answers = await Promise.all(years.map((year) => timed(`${calc}${inYear(pathAndQuery, year)}`, headers)));
  done = true;
  const [healthz, qibla] = await probes;
  const lag = await eventLoopLagMs(metrics);
  return { burst_ms: Math.max(...answers), lag, healthz, qibla };
}

const round = (ms: number) => Number(ms.toFixed(1));

export interface WorstCaseOptions {
  /** A service environment (data directory, media) and a key its key store knows. */
  env: Record<string, string>;
  key: string;
  dir: string;
  /** The checkout whose calc runs them (the bench's own, or the one `--compare` names). */
  checkout: string;
}

/** Runs the worst-case rows named in `names` on a calc of their own, started from `checkout`. */
export async function measureWorstCases(names: string[], options: WorstCaseOptions): Promise<WorstRow[]> {
  const { env, key, dir, checkout } = options;
  const ports = { CALC_PORT: String(await freePort()), CALC_METRICS_PORT: String(await freePort()) };
  const log = path.join(dir, `calc-worst-${path.basename(checkout)}.log`);
  const calc: Started = startNode('calc', [], { ...env, ...ports }, log, checkout);
  const calcUrl = `http://127.0.0.1:${ports.CALC_PORT}`;
  const metrics = `http://127.0.0.1:${ports.CALC_METRICS_PORT}`;
  const rows: WorstRow[] = [];
  try {
    await waitFor(`${calcUrl}/healthz`, calc);
    const pid = calc.child.pid!;
    // Code compiled and caches warm for the ordinary year before anything is counted.
    await cpuPerAnswerMs(calcUrl, pid, inYear(ORDINARY_YEAR, FIRST_YEAR - 10), key);
    for (const name of names) {
      const shape = WORST_CASES[name.replace(/^worst-/, '')]!;
      const ordinary = await cpuPerAnswerMs(calcUrl, pid, ORDINARY_YEAR, key);
      const cost = await cpuPerAnswerMs(calcUrl, pid, shape, key);
      const measured = await burst(calcUrl, metrics, shape, key);
      rows.push({
        name,
        cpu_ms_per_answer: round(cost),
        ordinary_cpu_ms_per_answer: round(ordinary),
        cost_ratio: Number((cost / ordinary).toFixed(2)),
        burst_ms: round(measured.burst_ms),
        event_loop_p99_ms: round(measured.lag.p99),
        event_loop_max_ms: round(measured.lag.max),
        healthz_max_ms: round(measured.healthz),
        qibla_max_ms: round(measured.qibla),
      });
    }
  } finally {
    calc.child.kill('SIGTERM');
  }
  return rows;
}

export function formatWorstRow(row: WorstRow): string {
  return (
    `${row.name.padEnd(40)} CPU ${row.cpu_ms_per_answer} ms/answer = ${row.cost_ratio}× an ordinary year ` +
    `(${row.ordinary_cpu_ms_per_answer} ms) | burst of ${KEY_MINUTE_REQUESTS}: ${row.burst_ms} ms, ` +
    `event-loop delay p99 ${row.event_loop_p99_ms} ms (max ${row.event_loop_max_ms}), ` +
    `/healthz ≤ ${row.healthz_max_ms} ms, /qibla ≤ ${row.qibla_max_ms} ms`
  );
}
