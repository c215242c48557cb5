// GET /healthz and /readyz, no key, the same in every service (the portal answers them
// before Astro with these bodies: apps/portal/src/probes.ts). healthz: the process lives;
// readyz: the key store (and Redis when configured) answer, else 503 naming what does not.
import type Router from '@koa/router';
import { createReadinessCheck } from './readiness.ts';

export interface ReadinessDeps {
  store: { ping(): Promise<void> };
  redis: { ping(): Promise<unknown> } | null;
}

export function addHealthRoutes(router: Router, deps: ReadinessDeps): Router {
  const { store, redis } = deps;
  const check = createReadinessCheck({
    'key store': () => store.ping(),
    ...(redis ? { Redis: () => redis.ping() } : {}),
  });
  router.get('/healthz', function healthz(ctx) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: 'ok' };
  });
  router.get('/readyz', async function readyz(ctx) {
    const readiness = await check();
    ctx.status = readiness.status;
    ctx.set(readiness.headers);
    ctx.body = readiness.body;
  });
  return router;
}
