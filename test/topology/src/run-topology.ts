// `npm run topology`: the topology the topology test runs (src/topology.ts),
// started for a person to try: prints its URLs, a key and a curl line, and
// stops everything cleanly on Ctrl-C (SIGINT) or SIGTERM. Needs nginx,
// openssl, the built portal, and PostgreSQL and Redis (DATABASE_URL and
// REDIS_URL, default the test servers at 127.0.0.1). docs/reliability.md.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { PORTAL_BUILT, startTopology } from './topology.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ira-topology-'));
const schema = `ira_topology_${randomUUID().replaceAll('-', '')}`;
if (!PORTAL_BUILT)
  console.warn('apps/portal/dist is missing: starting without the portal (npm run build -w @ira/portal)');

const started = Date.now();
const topology = await startTopology({
  dir,
  schema,
  postgresUrl: process.env.DATABASE_URL || TEST_POSTGRES_URL,
  redisUrl: process.env.REDIS_URL || TEST_REDIS_URL,
  withPortal: PORTAL_BUILT,
  env: { LOG_LEVEL: process.env.LOG_LEVEL || 'warn' },
}).catch((error: unknown) => {
  console.error(`topology: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
const { key } = await issueKey(topology.store, { userId: null, name: 'npm run topology' });
const ports = (services: { port: number }[]) => services.map((service) => service.port).join(', ');

console.log(`topology up in ${Date.now() - started} ms
  API         ${topology.api}  (nginx, TLS, two edges on ${ports(topology.edges)}; calcs on ${ports(topology.calcs)})
  portal      ${topology.portalUrl ?? '(not built)'}
  certificate ${topology.certPath}
  nginx       ${topology.nginxConfig}
  PostgreSQL  through the fault proxy on 127.0.0.1:${topology.pgProxy.port}, schema ${schema}
  Redis       through the fault proxy on 127.0.0.1:${topology.redisProxy.port}
  key         ${key}
  try         curl --cacert ${topology.certPath} -H 'X-API-Key: ${key}' ${topology.api}/api/v1/asma-ul-husna/1
Ctrl-C stops everything.`);

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  // A terminal's Ctrl-C reaches the services too (same process group); they drain once either way.
  if (stopping) return;
  stopping = true;
  console.log(`topology: ${signal}, stopping the services (drain up to SHUTDOWN_DRAIN_MS)…`);
  try {
    const exits = await topology.stop();
    await topology.drop();
    rmSync(dir, { recursive: true, force: true });
    const unclean = exits.filter(({ code }) => code !== 0);
    const codes = exits.map(({ service, code }) => `${service.name} ${code}`).join(', ');
    console.log(`topology: stopped (${unclean.length === 0 ? 'every service exited 0' : codes})`);
    // A service that did not exit 0 says why in its own log.
    for (const { service } of unclean)
      console.error(`--- ${service.name}, the end of its output:\n${service.output().slice(-2_000)}`);
    process.exit(unclean.length === 0 ? 0 : 1);
  } catch (error) {
    console.error(`topology: could not stop cleanly: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  }
}
process.on('SIGINT', (signal) => void stop(signal));
process.on('SIGTERM', (signal) => void stop(signal));
