import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { useTestServers } from '../../testing/serve-app.ts';
import { createErrorHandler } from './error-handler.ts';
import { notFoundFallback } from './not-found.ts';

const listen = useTestServers();

function serve(): Promise<string> {
  const app = new Koa();
  app.use(createErrorHandler());
  app.use(notFoundFallback());
  app.use((ctx, next) => (ctx.path === '/small' ? void (ctx.body = { ok: true }) : next()));
  return listen(app);
}

describe('notFoundFallback', () => {
  it('answers unknown routes with JSON 404', async () => {
    const response = await fetch(`${await serve()}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: 'Not Found' });
  });
});
