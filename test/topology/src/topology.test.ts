// The production topology under faults (loopback only, about a minute):
// nginx terminating TLS in front of two edges and the portal, balancing two
// calcs and serving the content tree as the CDN origin; PostgreSQL and Redis
// reached through fault-injecting TCP proxies. Figures go to last-run.json
// (docs/reliability.md quotes them).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openPostgresDatabase } from '@ira/core/database/postgres-database';
import { issueKey } from '@ira/core/keys/key-service';
import { KEY_CACHE_TTL_MS } from '@ira/core/keys/key-verifier';
import { openPostgresStore } from '@ira/core/keys/postgres-store';
import type { KeyStore } from '@ira/core/keys/types';
import { startFaultProxy, type FaultProxy } from '@ira/testing/fault-proxy';
import { backendAvailable, TEST_POSTGRES_URL, TEST_REDIS_URL } from '@ira/testing/test-backends';
import { createPostgresUserStore } from '@ira/portal/src/lib/accounts/postgres-user-store.ts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, runLoad, sleep, type Tally } from './client.ts';
import { startNginx, type Nginx } from './nginx.ts';
import { ENTRIES, freePort, REPO_ROOT, startService, type Service } from './services.ts';

const CONTENT_DIR = path.join(REPO_ROOT, 'static-data/dist');
const nginxPresent = spawnSync('nginx', ['-v']).status === 0;
if (!nginxPresent && process.env.CI !== 'true') console.warn('skipping the topology test: nginx is not installed (it always runs when CI=true)');
const available =
  (nginxPresent || process.env.CI === 'true') &&
  (await backendAvailable('topology', TEST_POSTGRES_URL)) &&
  (await backendAvailable('topology', TEST_REDIS_URL));

const schema = `ira_topology_${randomUUID().replaceAll('-', '')}`;
const NAME_PATH = '/api/v1/asma-ul-husna/1';
const report: Record<string, unknown> = {};

describe.skipIf(!available)('production topology', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ira-topology-'));
  let store: KeyStore;
  let pgProxy: FaultProxy;
  let redisProxy: FaultProxy;
  let nginx: Nginx;
  let get: ReturnType<typeof createClient>;
  let api = '';
  let portalUrl: string | null = null;
  const account = { email: `topology-${schema.slice(-8)}@example.com`, password: 'correct horse battery staple' };
  /** The signed-in portal session (sessions live in Redis here). */
  let session = '';
  const edges: Service[] = [];
  const others: Service[] = [];
  let edgeEnv: (port: number) => Record<string, string>;
  /** Requests of the main key answered 200: what the usage table must hold at the end. */
  let mainServed = 0;
  let mainKey = '';
  let mainKeyId = '';

  beforeAll(async () => {
    const started = Date.now();
    store = await openPostgresStore({ connectionString: TEST_POSTGRES_URL, schema });
    pgProxy = await startFaultProxy({ host: '127.0.0.1', port: 5432 });
    redisProxy = await startFaultProxy({ host: '127.0.0.1', port: 6379 });
    const ports = { api: await freePort(), portal: await freePort(), calc: await freePort(), cdn: await freePort() };
    const edgePorts = [await freePort(), await freePort()];
    const calcPorts = [await freePort(), await freePort()];
    const portalPort = await freePort();
    nginx = await startNginx(path.join(dir, 'nginx'), ports, { edges: edgePorts, calcs: calcPorts, portal: portalPort, contentDir: CONTENT_DIR });
    api = `https://127.0.0.1:${ports.api}`;
    get = createClient(nginx.cert);
    const common = {
      DATABASE_URL: `${pgProxy.via(TEST_POSTGRES_URL)}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      REDIS_URL: redisProxy.via(TEST_REDIS_URL),
      DEPENDENCY_TIMEOUT_MS: '500',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DRAIN_MS: '5000',
      MEDIA_SIGNING_SECRET: 'topology-test-media-signing-secret-0123456789',
      PUBLIC_URL: api,
      PORTAL_URL: `https://127.0.0.1:${ports.portal}`,
      RATE_LIMIT_GENERAL: '1000000',
      RATE_LIMIT_CALCULATION: '1000000',
    };
    edgeEnv = (port) => ({ ...common, PORT: String(port), DATA_DIR: path.join(dir, `edge-${port}`), CALC_URL: `http://127.0.0.1:${ports.calc}`, CONTENT_ORIGIN: `http://127.0.0.1:${ports.cdn}` });
    for (const port of calcPorts) others.push(await startService(`calc-${port}`, ENTRIES.calc, port, { ...common, CALC_PORT: String(port), DATA_DIR: path.join(dir, `calc-${port}`) }));
    for (const port of edgePorts) edges.push(await startService(`edge-${port}`, ENTRIES.edge, port, edgeEnv(port)));
    if (existsSync(path.join(REPO_ROOT, ENTRIES.portal))) {
      others.push(await startService('portal', ENTRIES.portal, portalPort, { ...common, PORTAL_PORT: String(portalPort), DATA_DIR: path.join(dir, 'portal') }, '/'));
      portalUrl = `https://127.0.0.1:${ports.portal}`;
    }
    const main = await issueKey(store, { userId: null, name: 'main' });
    mainKey = main.key;
    mainKeyId = main.record.id;
    report.startupMs = Date.now() - started;
  });

  afterAll(async () => {
    for (const service of [...edges, ...others]) service.signal('SIGKILL');
    await nginx?.stop();
    await pgProxy?.close();
    await redisProxy?.close();
    await store?.close();
    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(dir, { recursive: true, force: true });
    writeFileSync(path.join(import.meta.dirname, '../last-run.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`topology figures: ${JSON.stringify(report)}`);
  });

  /** Runs load on the main key for `ms` while `during` injects a fault; counts the 200s for the usage check. */
  async function mainLoad(during: () => Promise<void>): Promise<Tally> {
    const load = runLoad(get, `${api}${NAME_PATH}`, mainKey);
    await during();
    const tally = await load.stop();
    mainServed += tally.byStatus['200'] ?? 0;
    return tally;
  }

  it('serves names, Quran and a forwarded calculation over TLS through nginx, content from the CDN origin', async () => {
    // Not the main key: an edge is killed with kill -9 later, and its unflushed counts go with it.
    const { key } = await issueKey(store, { userId: null, name: 'smoke' });
    expect((await get(`${api}${NAME_PATH}`, key)).status).toBe(200);
    expect((await get(`${api}/api/v1/quran/surah/1`, key)).status).toBe(200);
    expect((await get(`${api}/api/v1/qibla?lat=21.4225&lon=39.8262`, key)).status).toBe(200);
  });

  it.skipIf(!existsSync(path.join(REPO_ROOT, ENTRIES.portal)))('the portal behind the HTTPS proxy: sign-up and sign-in forms work', async () => {
    expect((await get.post(`${portalUrl}/signup`, account)).status).toBe(303);
    const signIn = await get.post(`${portalUrl}/signin`, account);
    expect(signIn.status).toBe(303);
    session = signIn.cookies.find((cookie) => cookie.startsWith('ira_session='))!;
    expect((await get(`${portalUrl}/dashboard`, undefined, session)).status).toBe(200);
  });

  it('keeps a limit exact across the two edges (shared Redis counters)', async () => {
    const { key } = await issueKey(store, { userId: null, name: 'limited', limits: { general: 20 } });
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(`${api}${NAME_PATH}`, key)));
    const statuses = answers.map((answer) => answer.status).sort();
    report.limit = { sent: 40, limit: 20, ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length };
    expect(statuses).toEqual([...Array(20).fill(200), ...Array(20).fill(429)]);
  });

  it('keeps a calculation limit exact across the two calcs behind nginx', async () => {
    const { key } = await issueKey(store, { userId: null, name: 'calc limited', limits: { calculation: 10 } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => get(`${api}/api/v1/qibla?lat=${n}&lon=${n}`, key)));
    const statuses = answers.map((answer) => answer.status).sort();
    report.calculationLimit = { sent: 20, limit: 10, ok: statuses.filter((s) => s === 200).length, limited: statuses.filter((s) => s === 429).length };
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
  });

  it('makes a revocation effective on every edge within the key cache TTL', async () => {
    const { key, record } = await issueKey(store, { userId: null, name: 'revoked' });
    for (let i = 0; i < 6; i += 1) expect((await get(`${api}${NAME_PATH}`, key)).status).toBe(200);
    const revokedAt = Date.now();
    await store.revokeKey(record.id);
    let effectiveMs = -1;
    while (Date.now() - revokedAt < KEY_CACHE_TTL_MS + 1000) {
      const statuses = await Promise.all(Array.from({ length: 4 }, () => get(`${api}${NAME_PATH}`, key).then((a) => a.status)));
      if (statuses.every((status) => status === 401)) {
        effectiveMs = Date.now() - revokedAt;
        break;
      }
      await sleep(100);
    }
    report.revocationEffectiveMs = effectiveMs;
    expect(effectiveMs).toBeGreaterThanOrEqual(0);
    const after = await Promise.all(Array.from({ length: 10 }, () => get(`${api}${NAME_PATH}`, key).then((a) => a.status)));
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
    edges[0] = await startService(edges[0]!.name, ENTRIES.edge, edges[0]!.port, edgeEnv(edges[0]!.port));
  });

  for (const [dependency, proxyOf] of [['PostgreSQL', () => pgProxy], ['Redis', () => redisProxy]] as const) {
    for (const fault of ['cut', 'stall'] as const) {
      it(`${dependency} ${fault} mid-traffic: only 200 or 503 with Retry-After, no crash, recovery without restart`, async () => {
        // Fresh keys are not in any edge's cache: each needs PostgreSQL (and Redis) now.
        const fresh = await Promise.all(Array.from({ length: 150 }, (_, n) => issueKey(store, { userId: null, name: `fresh ${n}` }).then((k) => k.key)));
        let next = 0;
        const freshLoad = runLoad(get, `${api}${NAME_PATH}`, () => fresh[next++ % fresh.length]!, 3);
        let portalDuring: number | null = null;
        const main = await mainLoad(async () => {
          await sleep(300);
          proxyOf().setMode(fault);
          await sleep(300);
          if (portalUrl !== null && dependency === 'PostgreSQL') portalDuring = (await get.post(`${portalUrl}/signin`, account)).status;
          if (portalUrl !== null && dependency === 'Redis') portalDuring = (await get(`${portalUrl}/dashboard`, undefined, session)).status;
          await sleep(1200);
          proxyOf().setMode('pass');
        });
        const healedAt = Date.now();
        const during = await freshLoad.stop();
        // Recovered = both edges answer again: 8 requests in a row (nginx alternates the edges), each with a key no edge has cached.
        const probes = await Promise.all(Array.from({ length: 40 }, () => issueKey(store, { userId: null, name: 'probe' }).then((k) => k.key)));
        let streak = 0;
        while (streak < 8) {
          streak = (await get(`${api}${NAME_PATH}`, probes.pop() ?? mainKey)).status === 200 ? streak + 1 : 0;
          if (streak === 0) await sleep(50);
        }
        const recoveryMs = Date.now() - healedAt;
        report[`${dependency} ${fault}`] = { main: main.byStatus, fresh: during.byStatus, recoveryMs, ...(portalDuring === null ? {} : { portal: portalDuring }) };
        if (portalDuring !== null) {
          expect(portalDuring).toBe(503);
          const again = dependency === 'PostgreSQL' ? () => get.post(`${portalUrl}/signin`, account) : () => get(`${portalUrl}/dashboard`, undefined, session);
          await expect.poll(async () => (await again()).status, { timeout: 10_000 }).toBe(dependency === 'PostgreSQL' ? 303 : 200);
        }
        for (const tally of [main, during]) {
          expect(Object.keys(tally.byStatus).every((status) => status === '200' || status === '503')).toBe(true);
          expect(tally.badUnavailable).toBe(0);
        }
        expect(during.byStatus['503'] ?? 0).toBeGreaterThan(0);
        for (const edge of edges) expect(await Promise.race([edge.exited, sleep(10).then(() => 'running')])).toBe('running');
      });
    }
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
