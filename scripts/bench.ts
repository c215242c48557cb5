// `npm run bench [-- --json FILE] [--duration S] [--connections N] [--rounds N] [--only NAME[,NAME…]]
//   [--generator wrk|autocannon] [--compare CHECKOUT] [--log-level LEVEL]`
// Measures the configuration users run: the stack started as the README's run command starts it
// (scripts/start.ts: calc, edge and portal, the access log at its default level). Every figure
// is a ratio against baselines measured side by side in this run: a bare node:http server
// returning the same bytes, nginx serving them as a file (when installed), and for
// calculations a bare server doing only the computation. `--compare` starts a second stack
// from another checkout (say, the previous release) and measures it in the same rounds.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@ira/testing/free-port';
import { chooseGenerator, peakRssMb } from './bench/load.ts';
import { measureScenario, WARM_UP_S } from './bench/measure.ts';
import { ROOT, startNode, waitFor } from './bench/processes.ts';
import { SCENARIOS, treeScenarios, type Scenario } from './bench/scenarios.ts';
import { assertBuilt, PROXIED_VERSE, serviceEnv, setUp, TREE_DIR, type Setup } from './bench/setup.ts';
import { startStack, type Stack } from './bench/stack.ts';
import { evaluate, formatRow, type RunFigures } from './bench/targets.ts';
import { formatWorstRow, measureWorstCases, WORST_CASE_NAMES, type WorstRow } from './bench/worst-case.ts';

const AUDIO_RANGE = 'bytes=0-65535';

/** Milliseconds from spawning an edge beside the stack to its first 200 for a keyed content read. */
async function coldStartMs(stack: Stack, dir: string): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const env = { ...(stack.env as Record<string, string>), PORT: String(port) };
  const edge = startNode('edge', [], env, path.join(dir, 'edge-cold.log'));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/v1/asma-ul-husna/1`, edge, { headers: { 'X-API-Key': stack.key } });
    return Date.now() - started;
  } finally {
    edge.child.kill('SIGKILL');
  }
}

/** A signed link's path and query, from an answer of the stack's edge. */
async function signedPath(stack: Stack, apiPath: string, pick: (data: unknown) => unknown): Promise<string> {
  const answer = await fetch(`${stack.urls.edge}${apiPath}`, { headers: { 'X-API-Key': stack.key } });
  const link = pick(((await answer.json()) as { data?: unknown }).data);
  if (typeof link !== 'string') throw new Error(`${apiPath} carries no audio link`);
  const { pathname, search } = new URL(link);
  return `${pathname}${search}`;
}

/** Scenarios whose paths exist only at run time: signed audio Range reads and a 429 storm. */
async function runtimeScenarios(stack: Stack): Promise<Scenario[]> {
  const nameAudio = await signedPath(stack, '/api/v1/asma-ul-husna/1', (data) => (data as { audio?: unknown })?.audio);
  const verseAudio = await signedPath(
    stack,
    `/api/v1/quran/verse/${PROXIED_VERSE.id}/audio?reciter=${PROXIED_VERSE.reciter}`,
    (data) => (data as { audio?: { url?: unknown }[] } | undefined)?.audio?.[0]?.url,
  );
  // Read once whole: the proxy fetches it from the loopback upstream and keeps it, so the
  // scenario measures reads from the cache.
  await (await fetch(`${stack.urls.edge}${verseAudio}`)).arrayBuffer();
  return [
    {
      name: 'audio-range-64k',
      service: 'edge',
      baseline: 'bytes',
      paths: [nameAudio],
      headers: { Range: AUDIO_RANGE },
      status: 206,
    },
    // A remote reciter's verse through AUDIO_MODE=proxy (the default), from its disk cache.
    {
      name: 'audio-proxy-range-64k',
      service: 'edge',
      baseline: 'bytes',
      minNginxRatio: 0.5,
      paths: [verseAudio],
      headers: { Range: AUDIO_RANGE },
      status: 206,
    },
    {
      name: '429-storm',
      service: 'edge',
      baseline: 'bytes',
      paths: ['/api/v1/asma-ul-husna/1'],
      key: 'storm',
      status: 429,
    },
  ];
}

function options() {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      duration: { type: 'string', default: '3' },
      connections: { type: 'string', default: '64' },
      rounds: { type: 'string', default: '2' },
      only: { type: 'string' },
      generator: { type: 'string' },
      compare: { type: 'string' },
      'log-level': { type: 'string' },
    },
  });
  const parsed = {
    durationS: Number(values.duration),
    connections: Number(values.connections),
    rounds: Number(values.rounds),
  };
  if (!(parsed.durationS > 0 && parsed.connections > 0 && Number.isInteger(parsed.rounds) && parsed.rounds > 0)) {
    throw new Error('--duration, --connections and --rounds must be positive numbers (--rounds an integer)');
  }
  return {
    ...parsed,
    json: values.json,
    only: values.only?.split(',') ?? null,
    generator: chooseGenerator(values.generator),
    compare: values.compare === undefined ? null : path.resolve(values.compare),
    logLevel: values['log-level'],
  };
}

function chosen(all: Scenario[], only: string[] | null): Scenario[] {
  const names = [...all.map((item) => item.name), ...WORST_CASE_NAMES];
  const unknown = only?.filter((name) => !names.includes(name)) ?? [];
  if (unknown.length > 0) {
    throw new Error(`--only: no scenario ${unknown.join(', ')}; the scenarios are ${names.join(', ')}`);
  }
  return all.filter((item) => only === null || only.includes(item.name));
}

/** The worst-case rows (scripts/bench/worst-case.ts) chosen, on this checkout's calc and the compared one's. */
async function worstCases(setup: Setup, opts: ReturnType<typeof options>): Promise<WorstRow[]> {
  const names = WORST_CASE_NAMES.filter((name) => opts.only === null || opts.only.includes(name));
  if (names.length === 0) return [];
  const service = { ...(await serviceEnv(setup, opts.logLevel)), dir: setup.dir };
  const rows = await measureWorstCases(names, { ...service, checkout: ROOT });
  for (const row of rows) console.log(formatWorstRow(row));
  if (opts.compare) {
    // The compared checkout may not survive them (the bench's own figures are kept either way).
    const compared = await measureWorstCases(names, { ...service, checkout: opts.compare }).catch((error: unknown) => {
      console.log(`compared: the worst-case rows failed: ${error instanceof Error ? error.message : String(error)}`);
      return [];
    });
    for (const row of compared) console.log(`compared: ${formatWorstRow(row)}`);
  }
  return rows;
}

async function main(): Promise<void> {
  const opts = options();
  for (const checkout of [ROOT, ...(opts.compare ? [opts.compare] : [])]) assertBuilt(checkout);
  const setup = await setUp();
  const level = opts.logLevel === undefined ? 'the default access log' : `LOG_LEVEL=${opts.logLevel}`;
  console.log(
    `load generator: ${opts.generator.label}; ${opts.connections} connections, ${WARM_UP_S} s unrecorded then ` +
      `${opts.rounds} interleaved rounds of ${opts.durationS} s per target; node ${process.version}, ` +
      `${os.cpus().length} CPUs; stacks started by scripts/start.ts with ${level}`,
  );
  const shared = {
    dir: setup.dir,
    mediaDir: setup.mediaDir,
    signingSecret: setup.signingSecret,
    audioUpstreamUrl: setup.audioUpstream.url,
    logLevel: opts.logLevel,
  };
  const stacks: Stack[] = [await startStack({ ...shared, checkout: ROOT, label: 'this' })];
  try {
    if (opts.compare) stacks.push(await startStack({ ...shared, checkout: opts.compare, label: 'compared' }));
    const stack = stacks[0]!;
    const figures: RunFigures = {
      rows: [],
      peakRssMb: { edge: 0, calc: 0 },
      coldStartMs: await coldStartMs(stack, setup.dir),
    };
    console.log(`cold start (edge to first 200 with the tree built): ${figures.coldStartMs} ms`);
    if (opts.compare) console.log(`compared with the stack of ${opts.compare}`);
    const peaks = () => ({ edge: peakRssMb(stack.pids.edge), calc: peakRssMb(stack.pids.calc) });
    const all = [...SCENARIOS, ...treeScenarios(TREE_DIR), ...(await runtimeScenarios(stack))];
    for (const scenario of chosen(all, opts.only)) {
      const measured = await measureScenario(scenario, stacks, {
        dir: setup.dir,
        ...opts,
        generator: opts.generator.generator,
      });
      const row = { ...measured, peak_rss_so_far_mb: peaks() };
      figures.rows.push({ row, scenario });
      console.log(formatRow(row));
    }
    figures.peakRssMb = peaks();
    figures.worst = await worstCases(setup, opts);
    report(figures, stacks);
    if (opts.json) await writeJson(opts.json, figures, opts);
  } finally {
    for (const each of stacks) await each.stop();
    await setup.audioUpstream.stop();
    await rm(setup.dir, { recursive: true, force: true });
  }
}

function report(figures: RunFigures, stacks: Stack[]): void {
  const compared = stacks[1];
  const comparedPeaks = compared
    ? `; compared: edge ${peakRssMb(compared.pids.edge)} MB, calc ${peakRssMb(compared.pids.calc)} MB`
    : '';
  console.log(
    `\npeak RSS over the run: edge ${figures.peakRssMb.edge} MB, calc ${figures.peakRssMb.calc} MB${comparedPeaks}` +
      '\n\ntargets:',
  );
  for (const target of evaluate(figures))
    console.log(`  ${target.pass ? 'PASS' : 'FAIL'}  ${target.what}: ${target.measured}`);
}

async function writeJson(file: string, figures: RunFigures, opts: ReturnType<typeof options>): Promise<void> {
  const json = {
    node: process.version,
    cpus: os.cpus().length,
    generator: opts.generator.label,
    connections: opts.connections,
    logLevel: opts.logLevel ?? 'default',
    compared: opts.compare,
    coldStartMs: figures.coldStartMs,
    peakRssMb: figures.peakRssMb,
    scenarios: figures.rows.map(({ row }) => row),
    worstCases: figures.worst,
    targets: evaluate(figures),
  };
  await writeFile(file, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
