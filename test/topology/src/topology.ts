// Starts the production topology on loopback, for the topology test and for
// `npm run topology` (src/run-topology.ts): nginx terminating TLS in front of
// two edges and the portal, balancing two calcs and serving static-data/dist as
// the CDN origin; PostgreSQL and Redis reached through fault-injecting proxies;
// the services' real entry points as processes, configured only by env.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPostgresStore } from '@ira/core/runtime/keys/postgres-store';
import type { KeyStore } from '@ira/core/runtime/keys/types';
import { startFaultProxy, type FaultProxy } from '@ira/testing/fault-proxy';
import { freePort } from '@ira/testing/free-port';
import { adminQuery } from '@ira/testing/postgres-admin';
import { backendAvailable, TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { startNginx, type Nginx } from './nginx.ts';
import { SERVICE_PROCESSES } from '@ira/core/runtime/service-runtime';
import { REPO_ROOT, startService, type Service } from './services.ts';

const CONTENT_DIR = path.join(REPO_ROOT, 'static-data/dist');
export const PORTAL_BUILT = existsSync(path.join(REPO_ROOT, SERVICE_PROCESSES.portal.entry));

/**
 * true when a suite that starts the topology must run: always under CI=true (a
 * missing nginx or server then fails loudly); elsewhere it needs nginx and the
 * test PostgreSQL and Redis, and logs a one-line reason when it is skipped.
 */
export async function topologyAvailable(name: string): Promise<boolean> {
  if (process.env.CI !== 'true' && spawnSync('nginx', ['-v']).status !== 0) {
    console.warn(`skipping ${name} tests: nginx is not installed (they always run when CI=true)`);
    return false;
  }
  return (await backendAvailable(name, TEST_POSTGRES_URL)) && (await backendAvailable(name, TEST_REDIS_URL));
}

export interface TopologyOptions {
  /** Scratch directory: nginx config and certificate, each service's DATA_DIR. */
  dir: string;
  /** PostgreSQL schema of this run (created; dropped by drop()). Also the services' application_name. */
  schema: string;
  postgresUrl: string;
  redisUrl: string;
  /** Start the built portal too (throws when apps/portal/dist is missing). */
  withPortal: boolean;
  /** Settings for every service on top of the topology's own (LOG_LEVEL, DEPENDENCY_TIMEOUT_MS, limits, …). */
  env?: Record<string, string>;
}

export interface Topology {
  /** https:// origin of the API (nginx → the two edges). */
  api: string;
  /** https:// origin of the portal, or null without it. */
  portalUrl: string | null;
  /** nginx's self-signed certificate for this run (clients trust it). */
  cert: Buffer;
  certPath: string;
  nginxConfig: string;
  /** The key store the services use (this run's schema), for issuing keys. */
  store: KeyStore;
  pgProxy: FaultProxy;
  redisProxy: FaultProxy;
  /** Replaced in place when an edge is restarted. */
  edges: Service[];
  calcs: Service[];
  portal: Service | null;
  /** Starts edge `index` again on its port (after a kill). */
  restartEdge(index: number): Promise<Service>;
  /** SIGTERMs every service and waits for their exits (codes, or signal names), then kill(). */
  stop(): Promise<Array<{ service: Service; code: number | string }>>;
  /** SIGKILLs every service still running, stops nginx and the proxies, closes the store. */
  kill(): Promise<void>;
  /** Drops this run's schema. */
  drop(): Promise<void>;
  /**
   * What PostgreSQL does on an operator's kill, a failover script or a crash-restart
   * (57P01, then the socket closes), to this run's service connections only;
   * answers how many it ended.
   */
  terminateConnections(): Promise<number>;
}

export async function startTopology(options: TopologyOptions): Promise<Topology> {
  if (options.withPortal && !PORTAL_BUILT) {
    throw new Error(
      `${SERVICE_PROCESSES.portal.entry} is missing: build the portal first ` +
        '(npm run build -w @ira/portal; turbo builds it before this test)',
    );
  }
  mkdirSync(options.dir, { recursive: true });
  // Each part is set once started: a failed start stops what did start (kill guards the rest).
  let store: KeyStore | undefined;
  let pgProxy: FaultProxy | undefined;
  let redisProxy: FaultProxy | undefined;
  let nginx: Nginx | undefined;
  const calcs: Service[] = [];
  const edges: Service[] = [];
  let portal: Service | null = null;
  const services = () => [...edges, ...calcs, ...(portal ? [portal] : [])];
  async function kill(): Promise<void> {
    for (const service of services()) service.signal('SIGKILL');
    await nginx?.stop();
    await pgProxy?.close();
    await redisProxy?.close();
    await store?.close();
  }
  async function drop(): Promise<void> {
    await adminQuery(`DROP SCHEMA IF EXISTS ${options.schema} CASCADE`, [], options.postgresUrl);
  }

  try {
    store = await openPostgresStore({ connectionString: options.postgresUrl, schema: options.schema });
    pgProxy = await startFaultProxy(hostPort(options.postgresUrl, 5432));
    redisProxy = await startFaultProxy(hostPort(options.redisUrl, 6379));
    const ports = { api: await freePort(), portal: await freePort(), calc: await freePort(), cdn: await freePort() };
    const edgePorts = [await freePort(), await freePort()];
    const calcPorts = [await freePort(), await freePort()];
    const portalPort = await freePort();
    nginx = await startNginx(path.join(options.dir, 'nginx'), ports, {
      edges: edgePorts,
      calcs: calcPorts,
      portal: portalPort,
      contentDir: CONTENT_DIR,
    });
    const api = `https://127.0.0.1:${ports.api}`;
    const databaseQuery = new URLSearchParams({
      options: `-c search_path=${options.schema}`,
      application_name: options.schema,
    });
    const common = {
      DATABASE_URL: `${pgProxy.via(options.postgresUrl).split('?')[0]}?${databaseQuery}`,
      REDIS_URL: redisProxy.via(options.redisUrl),
      TRUST_PROXY: '1',
      MEDIA_SIGNING_SECRET: 'topology-media-signing-secret-0123456789',
      PUBLIC_URL: api,
      PORTAL_URL: `https://127.0.0.1:${ports.portal}`,
      ...options.env,
    };
    const dataDir = (name: string) => path.join(options.dir, name);
    const edgeEnv = (port: number) => ({
      ...common,
      PORT: String(port),
      DATA_DIR: dataDir(`edge-${port}`),
      CALC_URL: `http://127.0.0.1:${ports.calc}`,
      CONTENT_ORIGIN: `http://127.0.0.1:${ports.cdn}`,
    });
    for (const port of calcPorts)
      calcs.push(
        await startService(`calc-${port}`, 'calc', port, {
          ...common,
          CALC_PORT: String(port),
          DATA_DIR: dataDir(`calc-${port}`),
          // calc reads the gazetteer from the CDN origin, as the edges read the tree.
          CONTENT_ORIGIN: `http://127.0.0.1:${ports.cdn}`,
        }),
      );
    for (const port of edgePorts) edges.push(await startService(`edge-${port}`, 'edge', port, edgeEnv(port)));
    if (options.withPortal)
      portal = await startService('portal', 'portal', portalPort, {
        ...common,
        PORTAL_PORT: String(portalPort),
        DATA_DIR: dataDir('portal'),
      });

    return {
      api,
      portalUrl: portal === null ? null : `https://127.0.0.1:${ports.portal}`,
      cert: nginx.cert,
      certPath: nginx.certPath,
      nginxConfig: nginx.config,
      store,
      pgProxy,
      redisProxy,
      edges,
      calcs,
      portal,
      async restartEdge(index) {
        const port = edgePorts[index]!;
        edges[index] = await startService(`edge-${port}`, 'edge', port, edgeEnv(port));
        return edges[index];
      },
      async stop() {
        for (const service of services()) service.signal('SIGTERM');
        const exits = await Promise.all(services().map(async (service) => ({ service, code: await service.exited })));
        await kill();
        return exits;
      },
      kill,
      drop,
      async terminateConnections() {
        // The services' application_name is the schema: other suites may share the server.
        const result = await adminQuery(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() ' +
            'AND pid <> pg_backend_pid() AND application_name = $1',
          [options.schema],
          options.postgresUrl,
        );
        return result.rowCount ?? 0;
      },
    };
  } catch (error) {
    // Nothing may outlive a failed start (the caller gets no Topology to kill):
    // not nginx, a started service, a proxy, the store's pool, nor the schema.
    await kill().catch(() => undefined);
    await drop().catch(() => undefined);
    throw error;
  }
}

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}
