// Instructions per answer, counted by valgrind's callgrind (`npm run bench:instructions`).
// wrk's req/s on this shared VM moves by ±15% between back-to-back runs of the same code;
// the user-space instructions a server runs per answer do not depend on what else the
// machine is doing. What still moves between runs is when collections and compilations
// fall, so the figure to compare is the event loop's own work with both left out (ownWork);
// they are reported beside it.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, openSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const READY_TIMEOUT_MS = 180_000;
/** A pause after the warm-up, for timers and the idle collections it leaves. */
const SETTLE_MS = 2_000;
/**
 * V8 compiles on the event loop's thread at once instead of on its compiler threads:
 * valgrind runs one thread at a time, and a function queued for optimising during the
 * warm-up was still being compiled, and run unoptimised, in the counted answers.
 */
export const COUNTING_NODE_FLAGS: readonly string[] = [
  '--no-concurrent-recompilation',
  '--no-concurrent-osr',
  '--no-concurrent-sparkplug',
];

/** Inclusive instruction counts of one process over the counted answers. */
export interface InstructionSplit {
  /** Every thread. */
  total: number;
  /** The event loop's thread (the JavaScript, Node's HTTP, libuv). */
  main: number;
  /** Collections run on the event loop's thread (scavenges, mark-compact). */
  mainGc: number;
  /** Compiling on the event loop's thread (lazy, baseline and, under COUNTING_NODE_FLAGS, optimising). */
  mainCompile: number;
  /** V8's compiler threads. */
  compileThreads: number;
}

// V8's runtime entries that compile on the calling thread.
const MAIN_COMPILE_ENTRIES = [
  'Optimize(?:Maglev|Turbofan)Eager',
  'Start(?:Maglev|Turbofan)OptimizeJob',
  'CompileOptimizedOSR\\w*',
  'CompileLazy',
  'CompileBaseline',
  'InstallBaselineCode',
];
const MAIN_COMPILE = new RegExp(`^\\?\\?\\?:v8::internal::Runtime_(?:${MAIN_COMPILE_ENTRIES.join('|')})\\(`);

/**
 * Each function's inclusive count in `callgrind_annotate --inclusive=yes` output (recursion cycles, named `'2`,
 * left out).
 */
function inclusiveCounts(annotated: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of annotated.split('\n')) {
    const match = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (match === null || /'\d+ \[/.test(match[2]!)) continue;
    counts.set(match[2]!, Math.max(counts.get(match[2]!) ?? 0, Number(match[1]!.replaceAll(',', ''))));
  }
  return counts;
}

/** The sum over the functions whose name matches (each once). */
function sumOf(counts: Map<string, number>, pattern: RegExp): number {
  let sum = 0;
  for (const [name, count] of counts) if (pattern.test(name)) sum += count;
  return sum;
}

export function splitInstructions(annotated: string): InstructionSplit {
  const counts = inclusiveCounts(annotated);
  return {
    total: sumOf(counts, /^PROGRAM TOTALS$/),
    main: sumOf(counts, /^\?\?\?:\(below main\) \[/),
    mainGc: sumOf(counts, /^\?\?\?:v8::internal::Heap::CollectGarbage\(v8::internal::AllocationSpace, [^)]*\) \[/),
    mainCompile: sumOf(counts, MAIN_COMPILE),
    compileThreads: sumOf(counts, /OptimizingCompileTaskExecutor::CompileTask::Run\(/),
  };
}

/** Per answer, rounded to whole instructions. */
export function perAnswer(split: InstructionSplit, answers: number): InstructionSplit {
  const each = (count: number) => Math.round(count / answers);
  return {
    total: each(split.total),
    main: each(split.main),
    mainGc: each(split.mainGc),
    mainCompile: each(split.mainCompile),
    compileThreads: each(split.compileThreads),
  };
}

/** What the answers cost the event loop's thread, collections and compiling left out: the figure to compare. */
export function ownWork(split: InstructionSplit): number {
  return split.main - split.mainGc - split.mainCompile;
}

export interface CountOptions {
  /** The server's command line; it runs under valgrind. */
  command: string[];
  env: Record<string, string>;
  cwd: string;
  /** Where it listens, once known (a baseline prints its port); `log` holds its output. */
  base: (child: ChildProcess, log: string) => Promise<string>;
  paths: string[];
  headers: Record<string, string>;
  /** Requests before counting, counted answers, connections they are sent over. */
  warm: number;
  answers: number;
  connections: number;
  /** Where callgrind's files and the server's output go. */
  dir: string;
  name: string;
}

/** GETs `paths` in turn, `count` of them over `connections` keep-alive connections; every answer must be a 200. */
async function send(
  base: string,
  paths: string[],
  headers: Record<string, string>,
  count: number,
  connections: number,
): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let next = 0;
  const one = (url: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (response) => {
          response.resume();
          response.once('end', () =>
            response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`)),
          );
        })
        .once('error', reject);
    });
  try {
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (next < count) await one(`${base}${paths[next++ % paths.length]}`);
      }),
    );
  } finally {
    agent.destroy();
  }
}

async function ready(base: string, options: CountOptions, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `${options.name}: exited under valgrind (${child.exitCode ?? child.signalCode}); its output is in ${log}`,
      );
    try {
      return await send(base, options.paths, options.headers, 1, 1);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/**
 * Starts the server under callgrind, warms it with `warm` requests, zeroes the counts,
 * sends `answers` requests and has callgrind write what they cost.
 */
export async function countInstructions(options: CountOptions): Promise<InstructionSplit> {
  const out = path.join(options.dir, `callgrind-${options.name}`);
  const log = `${out}.log`;
  const child = spawn(
    'valgrind',
    ['--tool=callgrind', `--callgrind-out-file=${out}.%p`, '--dump-instr=no', '--dump-line=no', ...options.command],
    {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', openSync(log, 'a')],
    },
  );
  try {
    const base = await options.base(child, log);
    // Nobody reads the rest of its output: drained, so that a full pipe never stops it.
    child.stdout!.resume();
    await ready(base, options, child, log);
    await send(base, options.paths, options.headers, options.warm, options.connections);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await run('callgrind_control', ['--zero', String(child.pid)]);
    await send(base, options.paths, options.headers, options.answers, options.connections);
    await run('callgrind_control', ['--dump', String(child.pid)]);
    // The dump on demand is the process's file numbered 1.
    const dumped = `${out}.${child.pid}.1`;
    if (!existsSync(dumped)) throw new Error(`${options.name}: callgrind wrote no dump`);
    const { stdout } = await run('callgrind_annotate', ['--inclusive=yes', '--threshold=100', dumped], {
      maxBuffer: 256 * 1024 * 1024,
    });
    return perAnswer(splitInstructions(stdout), options.answers);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
  }
}
