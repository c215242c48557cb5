// A deployment as its users run it: `node scripts/start.ts` of a checkout (the README's run
// command: calc, edge and portal, the access log at its default level), its output going to
// a log file as a deployment's goes to its log collector. The bench loads the edge and calc
// it started and reads their CPU time and peak RSS from /proc.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '@ira/testing/free-port';
import { logTail, waitFor } from './processes.ts';

const UNLIMITED = 1_000_000_000;
const STORM_LIMIT = 1;
const STOP_TIMEOUT_MS = 30_000;

export interface StackOptions {
  /** The checkout whose scripts/start.ts runs (its content tree and portal already built). */
  checkout: string;
  /** Names the stack in the output (`this`, `compared`). */
  label: string;
  /** The run's directory: each stack keeps its data and log there. */
  dir: string;
  mediaDir: string;
  /** Shared by every stack, so a signed audio link works on each. */
  signingSecret: string;
  /** Where proxied recitations come from (a loopback server of the bench's). */
  audioUpstreamUrl: string;
  /** LOG_LEVEL; unset runs the default (info: an access line per request). */
  logLevel?: string;
}

export interface Stack {
  label: string;
  checkout: string;
  urls: { edge: string; calc: string };
  /** A key with no practical limit, and one whose limit of 1 a 429 storm has spent. */
  key: string;
  stormKey: string;
  /** The edge's and calc's process ids (children of the launcher). */
  pids: { edge: number; calc: number };
  /** The services' environment (ports, data, media), for starting another edge beside them. */
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

/** Creates a key with the checkout's own CLI, which prints the key alone on its last line. */
export function createKey(checkout: string, env: NodeJS.ProcessEnv, name: string, limit: number): string {
  const args = ['create', '--name', name, '--general', String(limit), '--calculation', String(limit)];
  const out = execFileSync(process.execPath, [path.join(checkout, 'scripts/keys.ts'), ...args], {
    cwd: checkout,
    env,
    encoding: 'utf8',
  });
  return out.trim().split('\n').at(-1)!;
}

/** The launcher's child whose command line runs `entry`. */
function childRunning(launcher: ChildProcess, entry: string): number {
  const pid = launcher.pid!;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const found = children.find((child) => readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(entry));
  if (found === undefined) throw new Error(`no child of the launcher runs ${entry}`);
  return found;
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const dataDir = path.join(options.dir, `data-${options.label}`);
  mkdirSync(dataDir, { recursive: true });
  const [port, calcPort, portalPort] = [await freePort(), await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    CALC_PORT: String(calcPort),
    PORTAL_PORT: String(portalPort),
    DATA_DIR: dataDir,
    MEDIA_DIR: options.mediaDir,
    MEDIA_SIGNING_SECRET: options.signingSecret,
    AUDIO_UPSTREAM_URL: options.audioUpstreamUrl,
    REDIS_URL: '',
    DATABASE_URL: '',
  };
  if (options.logLevel === undefined) delete env.LOG_LEVEL;
  else env.LOG_LEVEL = options.logLevel;
  const key = createKey(options.checkout, env, 'bench', UNLIMITED);
  const stormKey = createKey(options.checkout, env, 'bench-429', STORM_LIMIT);
  const log = path.join(options.dir, `${options.label}.log`);
  const fd = openSync(log, 'a');
  const launcher = spawn(process.execPath, [path.join(options.checkout, 'scripts/start.ts')], {
    cwd: options.checkout,
    env,
    stdio: ['ignore', fd, fd],
  });
  const started = { child: launcher, log };
  const urls = { edge: `http://127.0.0.1:${port}`, calc: `http://127.0.0.1:${calcPort}` };
  await waitFor(`http://127.0.0.1:${portalPort}/healthz`, started, {}, 200, 120_000);
  const pids = {
    edge: childRunning(launcher, 'apps/edge/src/server.ts'),
    calc: childRunning(launcher, 'apps/calc/src/server.ts'),
  };
  const exited = new Promise<void>((resolve) => launcher.once('exit', () => resolve()));
  return {
    label: options.label,
    checkout: options.checkout,
    urls,
    key,
    stormKey,
    pids,
    env,
    async stop() {
      launcher.kill('SIGTERM');
      const timeout = new Promise<void>((_, reject) =>
        setTimeout(() => reject(new Error(`${options.label}: did not stop\n${logTail(log)}`)), STOP_TIMEOUT_MS).unref(),
      );
      await Promise.race([exited, timeout]);
    },
  };
}
