import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { useTestServers } from '../../testing/serve-app.ts';
import { createErrorHandler } from './error-handler.ts';
import { readOnlyMethods } from './read-only-methods.ts';

const listen = useTestServers();

function serve(): Promise<string> {
  const app = new Koa();
  app.use(createErrorHandler());
  app.use(readOnlyMethods());
  app.use((ctx) => void (ctx.body = { ok: true }));
  return listen(app);
}

describe('readOnlyMethods', () => {
  it('answers 405 JSON with Allow for POST', async () => {
    const response = await fetch(`${await serve()}/small`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toMatchObject({ success: false, error: 'Method Not Allowed' });
  });
});
