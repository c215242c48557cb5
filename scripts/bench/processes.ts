// Processes the bench starts: the services under test and their baselines. Their
// output goes to log files in the run's directory, so the bench prints only figures;
// a process that dies shows its log's last lines.
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICE_ENV, SERVICE_PROCESSES, type ServiceName } from '@ira/core/runtime/service-runtime';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 30_000;
const LOG_TAIL_LINES = 15;

export interface Started {
  child: ChildProcess;
  log: string;
}

/** Starts a service of `checkout` on this Node, as `npm start` does, stdout and stderr into `log`. */
export function startNode(
  name: ServiceName,
  args: string[],
  env: Record<string, string>,
  log: string,
  checkout = ROOT,
): Started {
  const fd = openSync(log, 'a');
  const { entry, nodeFlags } = SERVICE_PROCESSES[name];
  const child = spawn(process.execPath, [...nodeFlags, path.join(checkout, entry), ...args], {
    cwd: checkout,
    env: { ...SERVICE_ENV, ...process.env, ...env },
    stdio: ['ignore', fd, fd],
  });
  return { child, log };
}

export function logTail(log: string): string {
  try {
    return readFileSync(log, 'utf8').trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
  } catch {
    return '(no log)';
  }
}

/** Resolves when `url` answers `status` (200 by default); fails if the process exits first. */
export async function waitFor(
  url: string,
  started: Started,
  init: RequestInit = {},
  status = 200,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null)
      throw new Error(`${url}: process exited with ${started.child.exitCode}\n${logTail(started.log)}`);
    if (
      await fetch(url, init).then(
        (response) => response.status === status,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} was not ready in ${timeoutMs} ms\n${logTail(started.log)}`);
}

/** A baseline server script that prints its port on its first stdout line. */
export async function startBaselineScript(
  entry: string,
  args: string[],
  log: string,
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, entry), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', openSync(log, 'a')],
  });
  return { child, url: await printedUrl(child, entry, log) };
}

/** The loopback URL of a baseline whose first output line is its port; fails with its log's end if it exits first. */
export function printedUrl(child: ChildProcess, what: string, log: string): Promise<string> {
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(`http://127.0.0.1:${chunk.toString().trim()}`));
    child.once('exit', (code) => reject(new Error(`${what} exited with ${code}\n${logTail(log)}`)));
  });
}

export function writeBody(dir: string, name: string, body: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, body);
  return file;
}
