// A topology start that fails part-way leaves nothing behind: the caller gets
// no Topology to kill, so startTopology itself stops nginx and the services it
// started and drops the run's schema before it rethrows. The portal, started
// last, is made to fail: its metrics port is already taken.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminQuery } from '@ira/testing/postgres-admin';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { describe, expect, it } from 'vitest';
import { PORTAL_BUILT, startTopology, topologyAvailable } from './topology.ts';

const available = await topologyAvailable('failed topology start');
// As in topology.test.ts: under CI=true turbo has built the portal.
const withPortal = PORTAL_BUILT || process.env.CI === 'true';
if (!withPortal)
  console.warn('skipping the failed topology start test: apps/portal/dist is missing (it always runs when CI=true)');

/** The ports among `ports` that still accept a connection. */
async function answering(ports: number[]): Promise<number[]> {
  const open = await Promise.all(
    ports.map(
      (port) =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host: '127.0.0.1', port });
          socket.once('error', () => resolve(false));
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
        }),
    ),
  );
  return ports.filter((_, index) => open[index]);
}

describe.skipIf(!available || !withPortal)('a topology start that fails part-way', () => {
  it('stops nginx and the started calcs and edges, drops the schema, and rethrows', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ira-topology-'));
    const schema = `ira_topology_${randomUUID().replaceAll('-', '')}`;
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const start = startTopology({
        dir,
        schema,
        postgresUrl: TEST_POSTGRES_URL,
        redisUrl: TEST_REDIS_URL,
        withPortal: true,
        env: { LOG_LEVEL: 'warn', PORTAL_METRICS_PORT: String((taken.address() as AddressInfo).port) },
      });
      await expect(start).rejects.toThrow(/did not become ready[\s\S]*EADDRINUSE/);
      // nginx.conf names every port of the run: nginx's four and each service's.
      const config = readFileSync(path.join(dir, 'nginx/nginx.conf'), 'utf8');
      const ports = [...new Set([...config.matchAll(/127\.0\.0\.1:(\d+)/g)].map((match) => Number(match[1])))];
      expect(ports).toHaveLength(4 + 2 + 2 + 1);
      await expect.poll(() => answering(ports), { timeout: 5_000 }).toEqual([]);
      expect(
        (await adminQuery('SELECT 1 FROM information_schema.schemata WHERE schema_name = $1', [schema])).rowCount,
      ).toBe(0);
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
