// `npm run bench [-- --json FILE] [--duration S] [--connections N] [--rounds N] [--only NAME[,NAME…]] [--generator wrk|autocannon]`
// Every figure is a ratio against baselines measured side by side in this run:
// a bare node:http server returning the same bytes, nginx serving them as a file
// (when installed), and for calculations a bare server doing only the computation.
// Each scenario interleaves its targets `--rounds` times. See docs/operations.md.
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@ira/testing/free-port';
import { measureScenario, WARM_UP_S, type Services } from './bench/measure.ts';
import { chooseGenerator, peakRssMb } from './bench/load.ts';
import { startNode, waitFor, type Started } from './bench/processes.ts';
import { SCENARIOS, treeScenarios, type Scenario } from './bench/scenarios.ts';
import { PROXIED_VERSE, setUp, TREE_DIR, type Setup } from './bench/setup.ts';
import { evaluate, formatRow, type RunFigures } from './bench/targets.ts';

const AUDIO_RANGE = 'bytes=0-65535';

/** Milliseconds from spawning an edge to its first 200 for a keyed content read. */
async function coldStartMs(setup: Setup): Promise<number> {
  const port = await freePort();
  const started = Date.now();
  const edge = startNode('edge', [], { ...setup.env, PORT: String(port) }, path.join(setup.dir, 'edge-cold.log'));
  try {
    await waitFor(`http://127.0.0.1:${port}/api/v1/asma-ul-husna/1`, edge, { headers: { 'X-API-Key': setup.key } });
    return Date.now() - started;
  } finally {
    edge.child.kill('SIGKILL');
  }
}

/** A signed link's path and query, from an answer of the edge. */
async function signedPath(
  edgeUrl: string,
  setup: Setup,
  apiPath: string,
  pick: (data: unknown) => unknown,
): Promise<string> {
  const answer = (await (await fetch(`${edgeUrl}${apiPath}`, { headers: { 'X-API-Key': setup.key } })).json()) as {
    data?: unknown;
  };
  const link = pick(answer.data);
  if (typeof link !== 'string') throw new Error(`${apiPath} carries no audio link`);
  const { pathname, search } = new URL(link);
  return `${pathname}${search}`;
}

/** Scenarios whose paths exist only at run time: signed audio Range reads and a 429 storm. */
async function runtimeScenarios(edgeUrl: string, setup: Setup): Promise<Scenario[]> {
  const nameAudio = await signedPath(
    edgeUrl,
    setup,
    '/api/v1/asma-ul-husna/1',
    (data) => (data as { audio?: unknown } | undefined)?.audio,
  );
  const verseAudio = await signedPath(
    edgeUrl,
    setup,
    `/api/v1/quran/verse/${PROXIED_VERSE.id}/audio?reciter=${PROXIED_VERSE.reciter}`,
    (data) => (data as { audio?: { url?: unknown }[] } | undefined)?.audio?.[0]?.url,
  );
  // Read once whole: the proxy fetches it from the loopback upstream and keeps it, so the
  // scenario measures reads from the cache.
  await (await fetch(`${edgeUrl}${verseAudio}`)).arrayBuffer();
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
      headers: { 'X-API-Key': setup.stormKey },
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
  };
}

async function main(): Promise<void> {
  const opts = options();
  const setup = await setUp();
  console.log(
    `load generator: ${opts.generator.label}; ${opts.connections} connections, ${WARM_UP_S} s unrecorded then ${opts.rounds} interleaved rounds of ${opts.durationS} s per target; node ${process.version}, ${os.cpus().length} CPUs`,
  );
  const figures: RunFigures = { rows: [], peakRssMb: { edge: 0, calc: 0 }, coldStartMs: await coldStartMs(setup) };
  console.log(`cold start (edge to first 200 with the tree built): ${figures.coldStartMs} ms`);
  const calc: Started = startNode('calc', [], setup.env, path.join(setup.dir, 'calc.log'));
  const edge: Started = startNode('edge', [], setup.env, path.join(setup.dir, 'edge.log'));
  const peaks = () => ({ edge: peakRssMb(edge.child.pid!), calc: peakRssMb(calc.child.pid!) });
  try {
    const services: Services = {
      edge: `http://127.0.0.1:${setup.env.PORT}`,
      calc: `http://127.0.0.1:${setup.env.CALC_PORT}`,
    };
    await waitFor(`${services.calc}/healthz`, calc);
    await waitFor(`${services.edge}/healthz`, edge);
    const all = [...SCENARIOS, ...treeScenarios(TREE_DIR), ...(await runtimeScenarios(services.edge, setup))];
    const unknown = opts.only?.filter((name) => !all.some((item) => item.name === name)) ?? [];
    if (unknown.length > 0)
      throw new Error(
        `--only: no scenario ${unknown.join(', ')}; the scenarios are ${all.map((item) => item.name).join(', ')}`,
      );
    const scenarios = all.filter((item) => opts.only === null || opts.only.includes(item.name));
    for (const scenario of scenarios) {
      const measured = await measureScenario(scenario, services, {
        key: setup.key,
        dir: setup.dir,
        ...opts,
        generator: opts.generator.generator,
        servicePids: [edge.child.pid!, calc.child.pid!],
      });
      const row = { ...measured, peak_rss_so_far_mb: peaks() };
      figures.rows.push({ row, scenario });
      console.log(formatRow(row));
    }
    figures.peakRssMb = peaks();
  } finally {
    calc.child.kill('SIGTERM');
    edge.child.kill('SIGTERM');
    await setup.audioUpstream.stop();
  }
  const targets = evaluate(figures);
  console.log(
    `\npeak RSS over the run: edge ${figures.peakRssMb.edge} MB, calc ${figures.peakRssMb.calc} MB\n\ntargets:`,
  );
  for (const target of targets) console.log(`  ${target.pass ? 'PASS' : 'FAIL'}  ${target.what}: ${target.measured}`);
  await rm(setup.dir, { recursive: true, force: true });
  if (opts.json) {
    const report = {
      node: process.version,
      cpus: os.cpus().length,
      generator: opts.generator.label,
      connections: opts.connections,
      coldStartMs: figures.coldStartMs,
      peakRssMb: figures.peakRssMb,
      scenarios: figures.rows.map(({ row }) => row),
      targets,
    };
    await writeFile(opts.json, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`wrote ${opts.json}`);
  }
}

main().catch((error: unknown) => {
  console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
