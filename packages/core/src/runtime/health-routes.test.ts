import Router from '@koa/router';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { useTestServers } from '../testing/serve-app.ts';
import { addHealthRoutes, type ReadinessDeps } from './health-routes.ts';
import { createErrorHandler } from './middleware/error-handler.ts';
import { readOnlyMethods } from './middleware/read-only-methods.ts';

const listen = useTestServers();

function serve(deps: ReadinessDeps): Promise<string> {
  const app = new Koa();
  app.use(createErrorHandler());
  app.use(readOnlyMethods());
  app.use(addHealthRoutes(new Router(), deps).routes());
  return listen(app);
}

const down = async () => Promise.reject(new Error('down'));
const up = async () => undefined;

describe('healthz', () => {
  it('is 200 ok without a key, never stored, and 405 for other methods', async () => {
    const base = await serve({ store: { ping: down }, redis: null });
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ status: 'ok' });
    const deleted = await fetch(`${base}/healthz`, { method: 'DELETE' });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('readyz', () => {
  it('answers 200 ready when the store and Redis answer, without a key', async () => {
    const base = await serve({ store: { ping: up }, redis: { ping: async () => 'PONG' } });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with Retry-After naming what does not answer, while /healthz stays 200', async () => {
    const base = await serve({ store: { ping: down }, redis: { ping: down } });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ status: 'unavailable', unavailable: ['key store', 'Redis'] });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
