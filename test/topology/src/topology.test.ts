// The production topology under faults (loopback only, about a minute), as
// src/topology.ts starts it (also `npm run topology`): nginx terminating TLS in
// front of two edges and the portal, balancing two calcs and serving the content
// tree as the CDN origin; PostgreSQL and Redis reached through fault-injecting
// TCP proxies. Figures go to last-run.json (docs/reliability.md quotes them).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgresDatabase } from '@ira/core/runtime/database/postgres-database';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { KEY_CACHE_TTL_MS } from '@ira/core/runtime/keys/key-verifier';
import type { KeyStore } from '@ira/core/runtime/keys/types';
import { TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { createPostgresUserStore } from '@ira/portal/src/lib/accounts/postgres-user-store.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, runLoad, sleep, type Tally } from './client.ts';
import type { Service } from './services.ts';
import { PORTAL_BUILT, startTopology, topologyAvailable, type Topology } from './topology.ts';

const CI = process.env.CI === 'true';
const available = await topologyAvailable('topology');
// Under CI=true the portal parts always run: turbo builds the portal before this
// test (turbo.json, ^build), so a missing build fails beforeAll loudly.
const withPortal = PORTAL_BUILT || CI;
if (!withPortal)
  console.warn(
    'skipping the portal parts of the topology test: apps/portal/dist is missing (they always run when CI=true)',
  );

const schema = `ira_topology_${randomUUID().replaceAll('-', '')}`;
const NAME_PATH = '/api/v1/asma-ul-husna/1';
const report: Record<string, unknown> = {};

describe.skipIf(!available)('production topology', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ira-topology-'));
  let topology: Topology;
  let store: KeyStore;
  let get: ReturnType<typeof createClient>;
  let api = '';
  let portalUrl: string | null = null;
  const account = { email: `topology-${schema.slice(-8)}@example.com`, password: 'correct horse battery staple' };
  /** The signed-in portal session (sessions live in Redis here). */
  let session = '';
  let edges: Service[] = [];
  let others: Service[] = [];
  /** Requests of the main key answered 200: what the usage table must hold at the end. */
  let mainServed = 0;
  let mainKey = '';
  let mainKeyId = '';

  beforeAll(async () => {
    const started = Date.now();
    topology = await startTopology({
      dir,
      schema,
      postgresUrl: TEST_POSTGRES_URL,
      redisUrl: TEST_REDIS_URL,
      withPortal,
      env: {
        DEPENDENCY_TIMEOUT_MS: '500',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: '5000',
        RATE_LIMIT_GENERAL: '1000000',
        RATE_LIMIT_CALCULATION: '1000000',
      },
    });
    ({ store, api, portalUrl, edges } = topology);
    others = [...topology.calcs, ...(topology.portal ? [topology.portal] : [])];
    get = createClient(topology.cert);
    const main = await issueKey(store, { userId: null, name: 'main' });
    mainKey = main.key;
    mainKeyId = main.record.id;
    report.startupMs = Date.now() - started;
  });

  afterAll(async () => {
    await topology?.kill();
    await topology?.drop();
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(path.join(import.meta.dirname, '../last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`topology figures: ${JSON.stringify(report)}`);
  });

  const stateOf = async (service: Service) => Promise.race([service.exited, sleep(10).then(() => 'running')]);

  /** Runs load on the main key for `ms` while `during` injects a fault; counts the 200s for the usage check. */
  async function mainLoad(during: () => Promise<void>): Promise<Tally> {
    const load = runLoad(get, `${api}${NAME_PATH}`, mainKey);
    await during();
    const tally = await load.stop();
    mainServed += tally.byStatus['200'] ?? 0;
    return tally;
  }

  it('serves names, Quran and a forwarded calculation over TLS via nginx, content from the CDN origin', async () => {
    // Not the main key: an edge is killed with kill -9 later, and its unflushed counts go with it.
    const { key } = await issueKey(store, { userId: null, name: 'smoke' });
    expect((await get(`${api}${NAME_PATH}`, key)).status).toBe(200);
    expect((await get(`${api}/api/v1/quran/surah/1`, key)).status).toBe(200);
    expect((await get(`${api}/api/v1/qibla?lat=21.4225&lon=39.8262`, key)).status).toBe(200);
  });

  it.skipIf(!withPortal)(
    'the portal behind the HTTPS proxy: sign-up and sign-in forms work, /readyz answers',
    async () => {
      expect((await get(`${portalUrl}/readyz`)).body).toBe('{"status":"ready"}');
      expect((await get.post(`${portalUrl}/signup`, account)).status).toBe(303);
      const signIn = await get.post(`${portalUrl}/signin`, account);
      expect(signIn.status).toBe(303);
      session = signIn.cookies.find((cookie) => cookie.startsWith('ira_session='))!;
      expect((await get(`${portalUrl}/dashboard`, undefined, session)).status).toBe(200);
    },
  );

  it('keeps a limit exact across the two edges (shared Redis counters)', async () => {
    const { key } = await issueKey(store, { userId: null, name: 'limited', limits: { general: 20 } });
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(`${api}${NAME_PATH}`, key)));
    const statuses = answers.map((answer) => answer.status).sort();
    report.limit = {
      sent: 40,
      limit: 20,
      ok: statuses.filter((s) => s === 200).length,
      limited: statuses.filter((s) => s === 429).length,
    };
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(20).fill(429)]);
  });

  it('keeps a calculation limit exact across the two calcs behind nginx', async () => {
    const { key } = await issueKey(store, { userId: null, name: 'calc limited', limits: { calculation: 10 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => get(`${api}/api/v1/qibla?lat=${n}&lon=${n}`, key)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    report.calculationLimit = {
      sent: 20,
      limit: 10,
      ok: statuses.filter((s) => s === 200).length,
      limited: statuses.filter((s) => s === 429).length,
    };
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
  });

  it('makes a revocation effective on every edge within the key cache TTL', async () => {
    const { key, record } = await issueKey(store, { userId: null, name: 'revoked' });
    for (let i = 0; i < 6; i += 1) expect((await get(`${api}${NAME_PATH}`, key)).status).toBe(200);
    const revokedAt = Date.now();
    await store.revokeKey(record.id);
    let effectiveMs = -1;
    while (Date.now() - revokedAt < KEY_CACHE_TTL_MS + 1000) {
      const statuses = await Promise.all(
        Array.from({ length: 4 }, () => get(`${api}${NAME_PATH}`, key).then((a) => a.status)),
      );
      if (statuses.every((status) => status === 401)) {
        effectiveMs = Date.now() - revokedAt;
        break;
      }
      await sleep(100);
    }
    report.revocationEffectiveMs = effectiveMs;
    expect(effectiveMs).toBeGreaterThanOrEqual(0);
    const after = await Promise.all(
      Array.from({ length: 10 }, () => get(`${api}${NAME_PATH}`, key).then((a) => a.status)),
    );
    expect(after).toEqual(Array(10).fill(401));
  });

  it('kill -9 of one edge mid-traffic: clients see no error (nginx retries the GET on the other edge)', async () => {
    const { key } = await issueKey(store, { userId: null, name: 'kill' });
    const load = runLoad(get, `${api}${NAME_PATH}`, key);
    await sleep(700);
    edges[0]!.signal('SIGKILL');
    expect(await edges[0]!.exited).toBe('SIGKILL');
    await sleep(1000);
    const tally = await load.stop();
    report.kill9 = tally.byStatus;
    expect(Object.keys(tally.byStatus)).toEqual(['200']);
    await topology.restartEdge(0);
  });

  const FAULTS = [
    ['PostgreSQL', 'cut'],
    ['PostgreSQL', 'stall'],
    ['PostgreSQL', 'terminate'],
    ['Redis', 'cut'],
    ['Redis', 'stall'],
  ] as const;
  for (const [dependency, fault] of FAULTS) {
    it(`${dependency} ${fault} mid-traffic: only 200 or 503 with Retry-After, no crash, heals by itself`, async () => {
      const proxy = dependency === 'PostgreSQL' ? topology.pgProxy : topology.redisProxy;
      // Fresh keys are not in any edge's cache: each needs PostgreSQL (and Redis) now.
      const fresh = await Promise.all(
        Array.from({ length: 150 }, (_, n) => issueKey(store, { userId: null, name: `fresh ${n}` }).then((k) => k.key)),
      );
      let next = 0;
      const freshLoad = runLoad(get, `${api}${NAME_PATH}`, () => fresh[next++ % fresh.length]!, 3);
      let portalDuring: number | null = null;
      let terminated = 0;
      const portalRequest =
        dependency === 'PostgreSQL'
          ? () => get.post(`${portalUrl}/signin`, account)
          : () => get(`${portalUrl}/dashboard`, undefined, session);
      const main = await mainLoad(async () => {
        await sleep(300);
        // terminate: every service connection is killed by PostgreSQL itself, five times over the 1.5 s.
        if (fault === 'terminate') {
          for (let round = 0; round < 5; round += 1) {
            terminated += await topology.terminateConnections();
            if (round === 1 && portalUrl !== null) portalDuring = (await portalRequest()).status;
            await sleep(300);
          }
          return;
        }
        proxy.setMode(fault);
        await sleep(300);
        if (portalUrl !== null) portalDuring = (await portalRequest()).status;
        await sleep(1200);
        proxy.setMode('pass');
      });
      const healedAt = Date.now();
      const during = await freshLoad.stop();
      // Recovered = both edges answer again: 8 requests in a row (nginx alternates the edges),
      // each with a key no edge has cached.
      const probes = await Promise.all(
        Array.from({ length: 40 }, () => issueKey(store, { userId: null, name: 'probe' }).then((k) => k.key)),
      );
      let streak = 0;
      while (streak < 8) {
        streak = (await get(`${api}${NAME_PATH}`, probes.pop() ?? mainKey)).status === 200 ? streak + 1 : 0;
        if (streak === 0) await sleep(50);
      }
      const recoveryMs = Date.now() - healedAt;
      report[`${dependency} ${fault}`] = {
        main: main.byStatus,
        fresh: during.byStatus,
        recoveryMs,
        ...(fault === 'terminate' ? { terminated } : {}),
        ...(portalDuring === null ? {} : { portal: portalDuring }),
      };
      if (portalDuring !== null) {
        // Killed connections are replaced at once, so the portal may already answer during a terminate.
        if (fault === 'terminate') expect([303, 503]).toContain(portalDuring);
        else expect(portalDuring).toBe(503);
        await expect
          .poll(async () => (await portalRequest()).status, { timeout: 10_000 })
          .toBe(dependency === 'PostgreSQL' ? 303 : 200);
        await expect.poll(async () => (await get(`${portalUrl}/readyz`)).status, { timeout: 10_000 }).toBe(200);
      }
      for (const tally of [main, during]) {
        expect(Object.keys(tally.byStatus).every((status) => status === '200' || status === '503')).toBe(true);
        expect(tally.badUnavailable).toBe(0);
      }
      if (fault === 'terminate') expect(terminated).toBeGreaterThan(0);
      else expect(during.byStatus['503'] ?? 0).toBeGreaterThan(0);
      for (const service of [...edges, ...others]) {
        // A dead service's own last words are the message: the cause, not only the exit code.
        expect(
          await stateOf(service),
          `${service.name}, the end of its output:\n${service.output().slice(-2_000)}`,
        ).toBe('running');
      }
    });
  }

  it('SIGTERM to an edge under load: in-flight requests complete, it exits 0 after writing its usage', async () => {
    const tally = await mainLoad(async () => {
      await sleep(500);
      edges[1]!.signal('SIGTERM');
      report.sigtermExit = await edges[1]!.exited;
      await sleep(500);
    });
    report.sigterm = tally.byStatus;
    expect(report.sigtermExit).toBe(0);
    expect(Object.keys(tally.byStatus)).toEqual(['200']);
  });

  it('a graceful stop of every service loses no usage count', async () => {
    const running = [edges[0]!, ...others];
    for (const service of running) service.signal('SIGTERM');
    expect(await Promise.all(running.map((service) => service.exited))).toEqual(running.map(() => 0));
    const counted = (await store.usageSince([mainKeyId], '2000-01-01')).reduce((sum, row) => sum + row.count, 0);
    report.usage = { served: mainServed, counted };
    expect(counted).toBe(mainServed);
    if (portalUrl !== null) {
      // The account is in the portal's users table, beside the keys.
      const database = openPostgresDatabase({ connectionString: TEST_POSTGRES_URL, schema });
      try {
        expect(await (await createPostgresUserStore(database)).findUserByEmail(account.email)).not.toBeNull();
      } finally {
        await database.close();
      }
    }
  });
});
