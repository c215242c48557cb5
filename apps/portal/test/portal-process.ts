// Runs the BUILT portal (dist/server/entry.mjs, as `npm start` does) against a
// test stack, and a cookie-keeping client for driving its forms with fetch.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@ira/core/runtime/config';
import { freePort } from '@ira/testing/free-port';
import type { Stack } from './stack.ts';

const ENTRY = path.resolve(import.meta.dirname, '../dist/server/entry.mjs');
const READY_TIMEOUT_MS = 30_000;
const READY_POLL_MS = 100;

export interface Portal {
  url: string;
  output: () => string;
  /** SIGTERM; resolves with the exit code (or the signal's name). */
  stop(): Promise<number | string | null>;
}

// The portal's own line once it listens (server-entry.ts): until then a /healthz
// answer on its port may come from another server that took the port first.
const LISTENING = 'portal listening on port';
const PORT_TAKEN = 'EADDRINUSE';
const START_ATTEMPTS = 3;

/**
 * Starts the portal on the stack's PORTAL_PORT, or, if another process took that port
 * after the stack chose it, on a fresh one (Portal.url says which).
 */
export async function startPortal(stack: Stack): Promise<Portal> {
  let env = stack.env;
  for (let attempt = 1; ; attempt++) {
    try {
      return await launch(env);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === START_ATTEMPTS) throw error;
      const port = String(await freePort());
      const url = new URL(env.PORTAL_URL ?? stack.config.portalUrl);
      url.port = port;
      env = { ...env, PORTAL_PORT: port, PORTAL_URL: url.origin };
    }
  }
}

class PortTaken extends Error {}

async function launch(stackEnv: Record<string, string>): Promise<Portal> {
  if (!existsSync(ENTRY))
    throw new Error(`${ENTRY} is missing: run "npm run build -w @ira/portal" first (turbo does it before test)`);
  // Only the stack's settings (plus PATH/HOME): the parent's PORT must not leak in.
  const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...stackEnv };
  const child: ChildProcess = spawn(process.execPath, [ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const url = loadConfig(env).portalUrl;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  // Then /healthz, as scripts/start.ts waits: the process serves, without rendering a page each poll
  // (nor needing PostgreSQL or Redis, which some suites cut before the start).
  while (
    !output.includes(LISTENING) ||
    !(await fetch(new URL('/healthz', url)).then(
      (response) => response.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      if (output.includes(PORT_TAKEN)) throw new PortTaken(`portal port taken:\n${output}`);
      throw new Error(`portal did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  return {
    url,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode ?? child.signalCode);
        child.once('exit', (code, signal) => resolve(code ?? signal));
        child.kill('SIGTERM');
      }),
  };
}

/** A browser-like client: keeps cookies and sends the portal's Origin on posts. */
export function createClient(portalUrl: string) {
  const cookies = new Map<string, string>();
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  async function request(
    pathname: string,
    init: RequestInit = {},
  ): Promise<{ status: number; location: string | null; html: string }> {
    const headers = new Headers(init.headers);
    if (cookies.size > 0) headers.set('Cookie', cookieHeader());
    const response = await fetch(new URL(pathname, portalUrl), { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name!);
      else cookies.set(name!, value ?? '');
    }
    return { status: response.status, location: response.headers.get('location'), html: await response.text() };
  }
  return {
    cookies,
    get: (pathname: string) => request(pathname),
    post: (pathname: string, fields: Record<string, string>, origin: string | null = new URL(portalUrl).origin) =>
      request(pathname, {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers: origin === null ? {} : { Origin: origin },
      }),
  };
}
