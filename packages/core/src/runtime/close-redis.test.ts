// closeRedis needs no Redis here: a port nobody listens on keeps a client reconnecting.
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { freePort } from '@ira/testing/free-port';
import { closeRedis } from './close-redis.ts';

/** 'closed', or 'still closing' when close() has not returned within `ms`. */
const within = (close: Promise<void>, ms: number) =>
  Promise.race([close.then(() => 'closed'), sleep(ms).then(() => 'still closing')]);

describe('closeRedis', () => {
  it('returns for a client waiting between reconnect attempts (a portal stop once hung there)', async () => {
    const redis = new Redis({ port: await freePort(), retryStrategy: () => 60_000, maxRetriesPerRequest: 1 });
    redis.on('error', () => {}); // connection refused, as expected
    await expect.poll(() => redis.status).toBe('reconnecting');
    expect(await within(closeRedis(redis), 2_000)).toBe('closed');
  });

  it('returns for a client waiting with a command queued for the next attempt', async () => {
    const redis = new Redis({ port: await freePort(), retryStrategy: () => 60_000, commandTimeout: 200 });
    redis.on('error', () => {});
    await expect.poll(() => redis.status).toBe('reconnecting');
    const queued = redis.get('a-session').catch((error: unknown) => error);
    expect(await within(closeRedis(redis), 2_000)).toBe('closed');
    expect(await queued).toBeInstanceOf(Error);
  });
});
