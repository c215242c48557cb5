// One scenario: warm the service, capture its real response, start its baselines, then
// run the targets interleaved (bare, nginx, service; bare, nginx, service; …) so a
// machine that slows down mid-run moves every side alike.
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from '@ira/core/runtime/middleware/compression';
import { freePort } from '@ira/testing/free-port';
import type { LoadResult } from './load-types.ts';
import { cpuTimeUs, runLoad, type Generator } from './load.ts';
import { nginxInstalled, startNginx } from './nginx-baseline.ts';
import { writeBodies, type Bodies } from './bodies.ts';
import { startBaselineScript } from './processes.ts';
import type { Scenario } from './scenarios.ts';
import type { Row } from './targets.ts';

import type { Stack } from './stack.ts';

/**
 * Seconds of unrecorded load each target answers before its measured rounds: start-up
 * (code compiled, connections opened, caches filled) is not the speed of answering. Three,
 * not one: a fresh edge assembles each of the 604 mushaf pages twice before the content
 * memo replays them (1,208 assemblies of ~130 signed links, 1.2-1.8 s under this load),
 * and with 1 s that start-up fell into the first measured round, where 64 saturated
 * connections made it a p99 of ~0.6-1 s. The README reports that start-up tail apart.
 */
export const WARM_UP_S = 3;

export interface MeasureOptions {
  dir: string;
  durationS: number;
  connections: number;
  rounds: number;
  generator: Generator;
}

interface Target {
  url: string;
  /** The API key the target's requests carry (none for the baselines). */
  headers: Record<string, string>;
  results: LoadResult[];
  /** Requests sent to it so far: its next run goes on from there through the paths. */
  sent: number;
  /** Whose CPU time is counted (none for nginx: its workers come and go). */
  pids: number[];
  /** CPU time of `pids` over the recorded rounds, in µs. */
  cpuUs: number;
}

const targetAt = (url: string, pids: number[], headers: Record<string, string> = {}): Target => ({
  url,
  headers,
  results: [],
  sent: 0,
  pids,
  cpuUs: 0,
});

/** A stack as a target of the scenario: its edge or calc, its key, the CPU time of both its services. */
function stackTarget(stack: Stack, scenario: Scenario): Target {
  const key = scenario.key === 'storm' ? stack.stormKey : stack.key;
  return targetAt(stack.urls[scenario.service], [stack.pids.edge, stack.pids.calc], { 'X-API-Key': key });
}
const cpuOf = (pids: number[]): number => pids.reduce((sum, pid) => sum + cpuTimeUs(pid), 0);

/** The paths from the `sent`-th on, wrapping: each run of a target goes on where its last run stopped. */
function onFrom(paths: string[], sent: number): string[] {
  const at = sent % paths.length;
  return at === 0 ? paths : [...paths.slice(at), ...paths.slice(0, at)];
}

/**
 * A scenario of up to this many distinct URLs has each URL's own bytes served by its
 * baselines (the mushaf pages in turn are 28 KB for page 1 and 43.5 KB on average); one
 * of more (the distinct searches, 20,000 queries that must each reach the edge new) has
 * the first URL's bytes served for every URL.
 */
const MAX_SAMPLED_URLS = 1_000;

/**
 * The answer to `url` as the warm service gives it. A kept answer goes as it is until its one
 * deflate is done (apps/edge/src/content-response/memo.ts): a client asking for gzip is
 * sampled once the answer comes compressed, if it does within a few seconds.
 */
async function warmSample(url: string, headers: Record<string, string>): Promise<Response> {
  // fetch asks for gzip unless told otherwise; the load generator sends only `headers`.
  const get = () => fetch(url, { headers: { 'Accept-Encoding': 'identity', ...headers } });
  const asksGzip = /gzip/.test(headers['Accept-Encoding'] ?? '');
  let sample = await get();
  for (let tries = 0; asksGzip && tries < 50 && sample.headers.get('content-encoding') === null; tries++) {
    if (Number(sample.headers.get('content-length')) < COMPRESS_THRESHOLD_BYTES) break;
    await sample.arrayBuffer();
    await setTimeout(100);
    sample = await get();
  }
  return sample;
}

/**
 * The service's answer to each distinct URL of the scenario (only the first past MAX_SAMPLED_URLS), as the
 * baselines serve them.
 */
async function sampleBodies(
  scenario: Scenario,
  url: string,
  headers: Record<string, string>,
  first: Response,
  gzipped: boolean,
): Promise<Bodies> {
  const distinct = [...new Set(scenario.paths)];
  const sampled = distinct.length <= MAX_SAMPLED_URLS ? distinct : distinct.slice(0, 1);
  const bodies: Array<[string, Buffer]> = [];
  for (const [i, path] of sampled.entries()) {
    // fetch asks for gzip unless told otherwise, and hands the body over decoded.
    const response =
      i === 0 ? first : await fetch(`${url}${path}`, { headers: { 'Accept-Encoding': 'identity', ...headers } });
    if (response.status !== first.status)
      throw new Error(`${scenario.name}: ${path} answered ${response.status}, ${scenario.paths[0]} ${first.status}`);
    const decoded = Buffer.from(await response.arrayBuffer());
    bodies.push([path, gzipped ? gzipSync(decoded) : decoded]);
  }
  return bodies;
}

async function startBaselines(
  scenario: Scenario,
  url: string,
  headers: Record<string, string>,
  sample: Response,
  dir: string,
): Promise<{ children: ChildProcess[]; bare: Target; nginx?: Target }> {
  const log = path.join(dir, 'baselines.log');
  if (scenario.baseline === 'compute') {
    const bare = await startBaselineScript('scripts/bench/compute-baseline-server.ts', [], log);
    return { children: [bare.child], bare: targetAt(bare.url, [bare.child.pid!]) };
  }
  const contentType = sample.headers.get('content-type') ?? 'application/json; charset=utf-8';
  const contentEncoding = sample.headers.get('content-encoding');
  if (contentEncoding !== null && contentEncoding !== 'gzip')
    throw new Error(`${scenario.name}: the baselines can serve gzip only, got ${contentEncoding}`);
  const gzipped = contentEncoding === 'gzip';
  const bodiesDir = writeBodies(
    dir,
    `${scenario.name}.bodies`,
    await sampleBodies(scenario, url, headers, sample, gzipped),
  );
  const encoding = gzipped ? ['gzip'] : [];
  const bare = await startBaselineScript(
    'scripts/bench/baseline-server.ts',
    [bodiesDir, contentType, ...encoding],
    log,
  );
  const bareTarget = targetAt(bare.url, [bare.child.pid!]);
  if (!nginxInstalled()) return { children: [bare.child], bare: bareTarget };
  const port = await freePort();
  const nginx = await startNginx(bodiesDir, contentType, path.join(dir, `nginx-${scenario.name}`), port, ...encoding);
  return { children: [bare.child, nginx], bare: bareTarget, nginx: targetAt(`http://127.0.0.1:${port}`, []) };
}

function combine(results: LoadResult[]): LoadResult {
  const total = results.reduce((sum, item) => sum + item.total, 0);
  return {
    rps: Math.round(results.reduce((sum, item) => sum + item.rps, 0) / results.length),
    p50_ms: Math.max(...results.map((item) => item.p50_ms)),
    p99_ms: Math.max(...results.map((item) => item.p99_ms)),
    errors: results.reduce((sum, item) => sum + item.errors, 0),
    non2xx: results.reduce((sum, item) => sum + item.non2xx, 0),
    total,
  };
}

/** The load of the scenario from where the target's last run stopped through its paths. */
async function loadRun(scenario: Scenario, target: Target, durationS: number, options: MeasureOptions) {
  // A list of distinct points, queries or pages is not sent twice to a target while it
  // holds more than the run sends: a round that started over at the first path would find
  // the answers the warm-up and the round before it left in the service's caches.
  const result = await runLoad(
    {
      url: target.url,
      headers: { ...target.headers, ...scenario.headers },
      paths: onFrom(scenario.paths, target.sent),
      durationS,
      connections: options.connections,
      paceRps: scenario.paceRps,
    },
    options.generator,
  );
  target.sent += result.total;
  return result;
}

/** The figures of a stack's rounds, checked for errors. */
function stackFigures(scenario: Scenario, target: Target): LoadResult {
  const real = combine(target.results);
  // wrk counts statuses above 399 as errors; a 429 storm expects exactly those.
  const unexpected = (scenario.status ?? 200) >= 400 ? 0 : real.non2xx;
  if (real.errors > 0 || unexpected > 0) {
    throw new Error(`${scenario.name} (${target.url}): ${real.errors} socket errors, ${unexpected} error responses`);
  }
  return real;
}

const perAnswer = (cpuUs: number, answers: number) => Math.round(cpuUs / Math.max(1, answers));

/** The stack under test, and the compared one if it answers the scenario as expected (it may predate it). */
async function answering(scenario: Scenario, [first, compared]: Target[]): Promise<Target[]> {
  if (compared === undefined || (scenario.status ?? 200) === 429) return compared ? [first!, compared] : [first!];
  // Not followed: an older stack redirects remote audio to a host the bench may not reach.
  const probe = await fetch(`${compared.url}${scenario.paths[0]}`, {
    headers: { 'Accept-Encoding': 'identity', ...compared.headers, ...scenario.headers },
    redirect: 'manual',
  });
  await probe.arrayBuffer();
  return probe.status === (scenario.status ?? 200) ? [first!, compared] : [first!];
}

/**
 * Measures `scenario` on each stack (the first is the one under test; a second is the one it
 * is compared with) and on the baselines, interleaved round by round.
 */
export async function measureScenario(scenario: Scenario, stacks: Stack[], options: MeasureOptions): Promise<Row> {
  const targets = await answering(
    scenario,
    stacks.map((stack) => stackTarget(stack, scenario)),
  );
  const first = targets[0]!;
  const headers = { ...first.headers, ...scenario.headers };
  const expected = scenario.status ?? 200;
  // A 429 storm first spends each key's window (it starts now, so it outlasts the scenario).
  if (expected === 429) {
    for (const target of targets) await fetch(`${target.url}${scenario.paths[0]}`, { headers: { ...target.headers } });
  }
  // Each target first answers the same load unrecorded: its first requests compile code, open
  // connections and fill caches, which is start-up, not the speed of answering. The baselines
  // serve what the service answers once warm, sampled after it.
  for (const target of targets) await loadRun(scenario, target, WARM_UP_S, options);
  const sample = await warmSample(`${first.url}${scenario.paths[0]}`, headers);
  if (sample.status !== expected)
    throw new Error(`${scenario.name}: ${scenario.paths[0]} answered ${sample.status}, expected ${expected}`);
  const baselines = await startBaselines(scenario, first.url, headers, sample, options.dir);
  try {
    const bases = [baselines.bare, ...(baselines.nginx ? [baselines.nginx] : [])];
    for (const each of bases) await loadRun(scenario, each, WARM_UP_S, options);
    const order = [...bases, ...targets];
    for (let round = 0; round < options.rounds; round++) {
      for (const each of order) {
        const cpuBefore = cpuOf(each.pids);
        each.results.push(await loadRun(scenario, each, options.durationS, options));
        each.cpuUs += cpuOf(each.pids) - cpuBefore;
      }
    }
  } finally {
    for (const child of baselines.children) child.kill('SIGTERM');
  }
  const real = stackFigures(scenario, first);
  const bare = combine(baselines.bare.results);
  const nginx = baselines.nginx ? combine(baselines.nginx.results) : undefined;
  const compared = targets[1] && { target: targets[1], figures: stackFigures(scenario, targets[1]) };
  return {
    name: scenario.name,
    service: scenario.service,
    rps: real.rps,
    p50_ms: real.p50_ms,
    p99_ms: real.p99_ms,
    baseline_rps: bare.rps,
    baseline_p50_ms: bare.p50_ms,
    baseline_p99_ms: bare.p99_ms,
    ratio: Number((real.rps / bare.rps).toFixed(3)),
    cpu_us_per_answer: perAnswer(first.cpuUs, real.total),
    baseline_cpu_us_per_answer: perAnswer(baselines.bare.cpuUs, bare.total),
    ...(nginx ? { nginx_rps: nginx.rps, nginx_ratio: Number((real.rps / nginx.rps).toFixed(3)) } : {}),
    ...(compared
      ? {
          compared: {
            rps: compared.figures.rps,
            p99_ms: compared.figures.p99_ms,
            ratio: Number((compared.figures.rps / bare.rps).toFixed(3)),
            cpu_us_per_answer: perAnswer(compared.target.cpuUs, compared.figures.total),
          },
        }
      : {}),
  };
}
