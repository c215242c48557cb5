// What every keyed service opens at start: the key store, the Redis client when
// REDIS_URL is set (shared rate-limit counters), and the usage recorder.
// A failure here is one clear line at start; once running, an outage of either
// is a 503 per request and the clients reconnect by themselves (docs/reliability.md).
import { Redis } from 'ioredis';
import { closeRedis } from './close-redis.ts';
import type { Config } from './config.ts';
import { DEFAULT_DEPENDENCY_TIMEOUT_MS } from './dependency-error.ts';
import { openKeyStore } from './keys/open-store.ts';
import type { KeyStore } from './keys/types.ts';
import { createUsageRecorder, type UsageRecorder } from './usage-recorder.ts';

/** A command sent on a connection that then drops is retried once on the next one. */
const REDIS_MAX_RETRIES_PER_REQUEST = 1;

export interface ServiceDeps {
  store: KeyStore;
  redis: Redis | null;
  usage: UsageRecorder;
  close(): Promise<void>;
}

/** A start-up failure whose message is the one line to print. */
export class ServiceStartError extends Error {
  override name = 'ServiceStartError';
}

/** host:port/path of a connection URL, without credentials, for messages. */
function describeTarget(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] || (error as { code?: string }).code || 'unknown error';
}

export async function connectRedis(url: string, timeoutMs = DEFAULT_DEPENDENCY_TIMEOUT_MS): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: REDIS_MAX_RETRIES_PER_REQUEST,
    connectTimeout: timeoutMs,
    // A hung Redis: each command fails after timeoutMs instead of waiting forever.
    commandTimeout: timeoutMs,
    // ...and the silent connection is dropped and made again, so a Redis that
    // comes back is used again (a hung socket would otherwise stay "ready").
    socketTimeout: timeoutMs,
    // While disconnected, commands fail at once (a 503) instead of queueing
    // until the reconnect; ioredis keeps reconnecting in the background.
    enableOfflineQueue: false,
  });
  let everReady = false;
  let lastLogged = '';
  // Without a listener ioredis prints "Unhandled error event" on every retry.
  // Before the first connection the start failure below is the one line to show;
  // after it, each distinct error is logged once per outage.
  redis.on('error', (error: Error) => {
    if (!everReady || error.message === lastLogged) return;
    lastLogged = error.message;
    console.error(`Redis (REDIS_URL): ${errorText(error)}`);
  });
  redis.on('ready', () => {
    everReady = true;
    lastLogged = '';
  });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new ServiceStartError(`Cannot connect to Redis at REDIS_URL (${describeTarget(url)}): ${errorText(error)}`);
  }
  return redis;
}

async function openStore(config: Config): Promise<KeyStore> {
  try {
    return await openKeyStore(config);
  } catch (error) {
    const where = config.databaseUrl
      ? `PostgreSQL at DATABASE_URL (${describeTarget(config.databaseUrl)})`
      : `SQLite in DATA_DIR (${config.dataDir})`;
    throw new ServiceStartError(`Cannot open the key store, ${where}: ${errorText(error)}`);
  }
}

export interface ServiceDepsOptions {
  /** Tests flush usage more often; production uses USAGE_FLUSH_INTERVAL_MS. */
  usageFlushIntervalMs?: number;
}

export async function openServiceDeps(config: Config, options: ServiceDepsOptions = {}): Promise<ServiceDeps> {
  const store = await openStore(config);
  let redis: Redis | null = null;
  try {
    redis = config.redisUrl ? await connectRedis(config.redisUrl, config.dependencyTimeoutMs) : null;
  } catch (error) {
    await store.close();
    throw error;
  }
  const usage = createUsageRecorder(store, { flushIntervalMs: options.usageFlushIntervalMs });
  return {
    store,
    redis,
    usage,
    async close() {
      await usage.close();
      if (redis) await closeRedis(redis);
      await store.close();
    },
  };
}
