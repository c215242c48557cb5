// A real calc app on an ephemeral port with a real key store (SQLite in a temp
// dir), for route tests. Keys are issued the way the CLI and portal issue them.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { loadConfig, type Config } from '@ira/core/runtime/config';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { openKeyStore } from '@ira/core/runtime/keys/open-store';
import type { KeyLimits, KeyStore } from '@ira/core/runtime/keys/types';
import { createUsageRecorder, type UsageRecorder } from '@ira/core/runtime/usage-recorder';
import { createApp, type CalcAppOptions } from '../app.ts';
import { fixturePlaces } from './places.ts';

// High enough that the 462 reference days and the rest never meet the limit.
const TEST_CALCULATION_LIMIT = '1000000';

export interface CalcHarness {
  base: string;
  config: Config;
  store: KeyStore;
  usage: UsageRecorder;
  /** A new key; `limits` override the deployment defaults for it. */
  issue(limits?: Partial<KeyLimits>): Promise<string>;
  get(
    pathAndQuery: string,
    init?: RequestInit,
  ): Promise<{ status: number; body: Record<string, any>; headers: Headers }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  env?: Record<string, string>;
  /** The app's options; `places` defaults to the small fixture gazetteer. */
  app?: Partial<CalcAppOptions>;
  redis?: Redis | null;
}

export async function startCalc(options: HarnessOptions = {}): Promise<CalcHarness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ira-calc-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_CALCULATION: TEST_CALCULATION_LIMIT, ...options.env });
  const store = await openKeyStore(config);
  const usage = createUsageRecorder(store);
  const redis = options.redis ?? null;
  const guard = { rateLimitNamespace: `ira-test:${randomUUID()}`, ...options.app?.guard };
  const app = createApp(config, { store, redis, usage }, { places: fixturePlaces(), ...options.app, guard });
  const server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    config,
    store,
    usage,
    async issue(limits) {
      return (await issueKey(store, { userId: null, name: 'calc test', limits })).key;
    },
    async get(pathAndQuery, init) {
      const response = await fetch(base + pathAndQuery, init);
      const text = await response.text();
      return { status: response.status, body: text === '' ? {} : JSON.parse(text), headers: response.headers };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await usage.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
