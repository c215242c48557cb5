// `npm run bench:instructions [-- --only NAME[,NAME…]] [--warm N] [--answers N] [--connections N]`
// User-space instructions per answer of the edge and of the bare node:http server returning
// the same bytes, each under valgrind's callgrind (Debian's `valgrind`): a figure that does
// not move with the machine's load, for comparing two versions of the code. A content read
// of the bench's (scripts/bench/scenarios.ts) takes ~3-5 minutes. See docs/performance.md.
import { execFileSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SERVICE_ENV, SERVICE_PROCESSES } from '@ira/core/runtime/service-runtime';
import { freePort } from '@ira/testing/free-port';
import { COUNTING_NODE_FLAGS, countInstructions, ownWork, type InstructionSplit } from './bench/callgrind.ts';
import { printedUrl, ROOT, startNode, waitFor, writeBody } from './bench/processes.ts';
import { SCENARIOS, type Scenario } from './bench/scenarios.ts';
import { serviceEnv, setUp, type Setup } from './bench/setup.ts';

type Service = Awaited<ReturnType<typeof serviceEnv>>;

const EDGE = SERVICE_PROCESSES.edge;
/**
 * At most this many paths: under valgrind (~50× slower) each must still be read many times
 * within a link step (a minute), or the edge remakes answers with signed links instead of
 * replaying them. Reading the 604 mushaf pages in turn counted 1,482k instructions per
 * answer, nearly all of it signing links anew: a figure of valgrind's clock, not of the code.
 */
const MAX_PATHS = 16;
/**
 * Content reads the edge answers from its own bytes, as fast as it can (no pace, no storm), uncompressed as the
 * bare server serves them.
 */
const COUNTABLE = SCENARIOS.filter(
  (scenario) =>
    scenario.service === 'edge' &&
    scenario.baseline === 'bytes' &&
    scenario.paceRps === undefined &&
    scenario.status === undefined &&
    scenario.headers === undefined &&
    scenario.paths.length <= MAX_PATHS,
);

function options() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string', default: 'names-one,quran-verse' },
      warm: { type: 'string', default: '6000' },
      answers: { type: 'string', default: '4000' },
      connections: { type: 'string', default: '16' },
    },
  });
  const counts = {
    warm: Number(values.warm),
    answers: Number(values.answers),
    connections: Number(values.connections),
  };
  if (!Object.values(counts).every((count) => Number.isInteger(count) && count > 0))
    throw new Error('--warm, --answers and --connections must be positive integers');
  const names = values.only.split(',');
  const unknown = names.filter((name) => !COUNTABLE.some((scenario) => scenario.name === name));
  if (unknown.length > 0)
    throw new Error(
      `--only: no countable scenario ${unknown.join(', ')}; ` +
        `they are ${COUNTABLE.map((scenario) => scenario.name).join(', ')}`,
    );
  return { ...counts, scenarios: COUNTABLE.filter((scenario) => names.includes(scenario.name)) };
}

/** The answer to `path` from an edge started without valgrind: the bare server's bytes, as the wrk bench's. */
async function sampleAnswer(
  setup: Setup & Service,
  scenarioPath: string,
  headers: Record<string, string>,
): Promise<{ body: Buffer; contentType: string }> {
  const port = await freePort();
  const edge = startNode('edge', [], { ...setup.env, PORT: String(port) }, path.join(setup.dir, 'sample-edge.log'));
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitFor(`${base}/healthz`, edge);
    const sample = await fetch(`${base}${scenarioPath}`, { headers: { 'Accept-Encoding': 'identity', ...headers } });
    if (sample.status !== 200) throw new Error(`${scenarioPath} answered ${sample.status}`);
    return {
      body: Buffer.from(await sample.arrayBuffer()),
      contentType: sample.headers.get('content-type') ?? 'application/json; charset=utf-8',
    };
  } finally {
    edge.child.kill('SIGTERM');
  }
}

async function countScenario(
  scenario: Scenario,
  setup: Setup & Service,
  opts: ReturnType<typeof options>,
): Promise<{ edge: InstructionSplit; bare: InstructionSplit }> {
  const headers = { 'X-API-Key': setup.key, ...scenario.headers };
  const common = {
    cwd: ROOT,
    paths: scenario.paths,
    headers,
    dir: setup.dir,
    warm: opts.warm,
    answers: opts.answers,
    connections: opts.connections,
  };
  const sample = await sampleAnswer(setup, scenario.paths[0]!, headers);
  const bodyFile = writeBody(setup.dir, `${scenario.name}.body`, sample.body);
  const port = await freePort();
  const edge = await countInstructions({
    ...common,
    name: `${scenario.name}-edge`,
    command: [process.execPath, ...EDGE.nodeFlags, ...COUNTING_NODE_FLAGS, path.join(ROOT, EDGE.entry)],
    env: { ...SERVICE_ENV, ...setup.env, PORT: String(port) },
    base: () => Promise.resolve(`http://127.0.0.1:${port}`),
  });
  const bare = await countInstructions({
    ...common,
    name: `${scenario.name}-bare`,
    command: [
      process.execPath,
      ...COUNTING_NODE_FLAGS,
      path.join(ROOT, 'scripts/bench/baseline-server.ts'),
      bodyFile,
      sample.contentType,
    ],
    env: {},
    base: (child, log) => printedUrl(child, 'the bare server', log),
  });
  return { edge, bare };
}

const thousands = (count: number) => `${(count / 1000).toFixed(1)}k`;

function formatSplit(split: InstructionSplit): string {
  return (
    `${thousands(ownWork(split)).padStart(7)} on the event loop outside collections and compiling, ` +
    `${thousands(split.mainGc)} collecting, ${thousands(split.mainCompile + split.compileThreads)} compiling, ` +
    `${thousands(split.total)} in all`
  );
}

async function main(): Promise<void> {
  const opts = options();
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is not installed (apt-get install valgrind)');
  }
  const base = await setUp();
  const setup = { ...base, ...(await serviceEnv(base)) };
  console.log(
    `instructions per answer under callgrind: ${opts.warm} requests unrecorded, then ${opts.answers} counted, ` +
      `over ${opts.connections} connections; node ${process.version}`,
  );
  try {
    for (const scenario of opts.scenarios) {
      const { edge, bare } = await countScenario(scenario, setup, opts);
      const ratio = ownWork(bare) / ownWork(edge);
      console.log(
        `${scenario.name}\n  edge ${formatSplit(edge)}\n  bare ${formatSplit(bare)}\n` +
          `  bare/edge on the event loop outside collections and compiling: ${ratio.toFixed(3)}`,
      );
    }
  } finally {
    await base.audioUpstream.stop();
    await rm(setup.dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`bench:instructions: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
