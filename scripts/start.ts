// `npm start`: builds what is missing, makes sure a development key exists,
// starts calc, edge and portal as child processes and stops them together.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { isIPv6 } from 'node:net';
import path from 'node:path';
import { loadConfigOrExit, type Config } from '@ira/core/runtime/config';
import { effectiveLimits } from '@ira/core/runtime/keys/effective-limits';
import { SERVICE_ENV, SERVICE_PROCESSES, type ServiceName } from '@ira/core/runtime/service-runtime';
import { ensureDevelopmentKey } from './start/dev-key.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const READY_TIMEOUT_MS = 60_000;
const READY_POLL_MS = 250;
/** Beyond the services' own drain: their usage flush and store close (see packages/core/src/runtime/serve.ts). */
const STOP_MARGIN_MS = 15_000;

interface Service {
  name: ServiceName;
  healthUrl: string;
}

/** Where a service listening on `host` (null: every interface) answers this machine. */
function healthUrl(host: string | null, port: number): string {
  const address = host === null ? '127.0.0.1' : isIPv6(host) ? `[${host}]` : host;
  return `http://${address}:${port}/healthz`;
}

function services(config: Config): Service[] {
  return [
    { name: 'calc', healthUrl: healthUrl(config.calcHost, config.calcPort) },
    { name: 'edge', healthUrl: healthUrl(config.host, config.port) },
    // The portal's entry listens on PORTAL_PORT itself (PORT is the API's).
    { name: 'portal', healthUrl: healthUrl(config.portalHost, config.portalPort) },
  ];
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** Builds the content tree and the portal only when their output is missing (turbo caches the rest). */
async function buildIfMissing(config: Config): Promise<void> {
  const treeMissing = config.contentOrigin === null && !existsSync(path.join(config.contentDir, 'manifest.json'));
  const portalMissing = !existsSync(path.join(ROOT, 'apps/portal/dist/server/entry.mjs'));
  if (!treeMissing && !portalMissing) return;
  console.log('[start] building the content tree and the portal (first run)…');
  await run(process.execPath, [
    path.join(ROOT, 'node_modules/turbo/bin/turbo'),
    'run',
    'build',
    '--output-logs=errors-only',
  ]);
}

function startService(service: Service): ChildProcess {
  // Each service in a process group of its own: a Ctrl-C or a signal to
  // `npm start`'s group reaches only this process, which forwards exactly one
  // SIGTERM (a second signal used to cut a service's shutdown short).
  const { entry, nodeFlags } = SERVICE_PROCESSES[service.name];
  const child = spawn(process.execPath, [...nodeFlags, path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...SERVICE_ENV, ...process.env },
    // Each line a service writes is JSON that names the service: passed through as it is.
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  return child;
}

async function waitUntilReady(service: Service, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${service.name} exited with ${child.exitCode} during start`);
    const ok = await fetch(service.healthUrl).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
  }
  throw new Error(`${service.name} was not ready within ${READY_TIMEOUT_MS / 1000} s (${service.healthUrl})`);
}

function stopAll(children: ChildProcess[], graceMs: number): Promise<void> {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  const timer = setTimeout(() => running.forEach((child) => child.kill('SIGKILL')), graceMs);
  return Promise.all(exits).then(() => clearTimeout(timer));
}

/** What keys created in the portal get (PORTAL_KEY_LIMITS, else the deployment defaults). */
function portalLimits(config: Config): string {
  const { general, calculation } = effectiveLimits(config.portalKeyLimits, config);
  return `${general} + ${calculation}, PORTAL_KEY_LIMITS`;
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  await buildIfMissing(config);
  const key = await ensureDevelopmentKey(config);

  const children: ChildProcess[] = [];
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await stopAll(children, config.shutdownDrainMs + STOP_MARGIN_MS);
    console.log('[start] every service stopped');
    process.exit(code);
  };
  const onSignal = (signal: NodeJS.Signals) => {
    if (!stopping) console.log(`[start] ${signal}: stopping the services (each drains up to SHUTDOWN_DRAIN_MS)…`);
    void shutdown(0);
  };
  // process.on, not once: a repeated signal (npm forwards one too) must not
  // kill this process with the services still draining.
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', () => children.forEach((child) => child.exitCode === null && child.kill('SIGTERM')));

  for (const service of services(config)) {
    const child = startService(service);
    children.push(child);
    child.once('exit', (code) => {
      if (!stopping) {
        console.error(`[start] ${service.name} stopped unexpectedly (exit ${code}); stopping the rest.`);
        void shutdown(1);
      }
    });
    await waitUntilReady(service, child);
  }

  console.log(
    [
      '',
      `API      ${config.publicUrl}/api/v1/   (OpenAPI: ${config.publicUrl}/api/v1/openapi.json)`,
      `Portal   ${config.portalUrl}/   (docs: ${config.portalUrl}/docs)`,
      `Dev key  ${key.key}   (${key.created ? 'created now' : 'kept'} in ${key.file})`,
      `Limits   ${key.limits.general} general + ${key.limits.calculation} calculation requests ` +
        `per ${config.rateLimitWindowMs / 1000} s for this key (portal keys: ${portalLimits(config)})`,
      `Try      curl -H "X-API-Key: ${key.key}" ${config.publicUrl}/api/v1/asma-ul-husna/1`,
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
