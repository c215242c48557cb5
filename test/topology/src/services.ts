// The services as production runs them: their real entry points as child
// processes (Node 24), configured only through the environment.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVICE_ENV, SERVICE_PROCESSES, type ServiceName } from '@ira/core/runtime/service-runtime';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** The repository's Node 24 (node_modules), never the machine's. */
export const NODE_24 = path.join(REPO_ROOT, 'node_modules/.bin/node');
const READY_TIMEOUT_MS = 30_000;

export interface Service {
  name: string;
  port: number;
  output(): string;
  /** Exit code, or the signal's name when killed by one. */
  exited: Promise<number | string>;
  signal(signal: NodeJS.Signals): void;
}

async function waitReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (
    !(await fetch(url).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${url} did not become ready:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startService(
  name: string,
  service: ServiceName,
  port: number,
  env: Record<string, string>,
): Promise<Service> {
  const { entry, nodeFlags } = SERVICE_PROCESSES[service];
  const child = spawn(NODE_24, [...nodeFlags, path.join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...SERVICE_ENV, PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  try {
    await waitReady(`http://127.0.0.1:${port}/readyz`, child, () => output);
  } catch (error) {
    // Never ready (or exited): the caller gets no Service to stop, so it must not run on.
    child.kill('SIGKILL');
    throw error;
  }
  return { name, port, output: () => output, exited, signal: (signal) => child.kill(signal) };
}
