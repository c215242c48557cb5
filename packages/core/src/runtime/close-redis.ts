// How every Redis client closes: the API's (service-deps.ts) and the portal's
// session store (apps/portal/src/session-driver.ts).
import type { Redis } from 'ioredis';

/** QUIT resolves before the socket is gone; wait for 'end' so nothing outlives close(). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  const ended = new Promise((resolve) => redis.once('end', resolve));
  await redis.quit().catch(() => redis.disconnect());
  // Between reconnect attempts there is no socket left to end: disconnect() (QUIT calls it
  // too when not connected) only cancels the next attempt, and ioredis never emits 'end'.
  if (redis.status === 'reconnecting') return;
  await ended;
}
