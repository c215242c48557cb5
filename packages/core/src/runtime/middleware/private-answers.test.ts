import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { httpError } from '../../contract/errors.ts';
import { useTestServers } from '../../testing/serve-app.ts';
import { compression } from './compression.ts';
import { createErrorHandler } from './error-handler.ts';
import { privateAnswers } from './private-answers.ts';

const listen = useTestServers();

function serve(): Promise<string> {
  const app = new Koa();
  app.use(privateAnswers());
  app.use(createErrorHandler({ error: () => {} }));
  app.use(compression());
  app.use((ctx) => {
    if (ctx.path === '/bad') throw httpError(400, 'bad');
    ctx.body = { api_key: 'ira_live_x', padding: 'x'.repeat(4096) };
  });
  return listen(app);
}

describe('privateAnswers', () => {
  it('keeps every answer out of every cache and says it varies with the key', async () => {
    const url = await serve();
    for (const encoding of ['identity', 'gzip']) {
      const response = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
      expect(response.headers.get('cache-control'), encoding).toBe('private, no-store');
      expect(response.headers.get('vary'), encoding).toBe('X-API-Key, Accept-Encoding');
    }
  });

  it('leaves errors no-store', async () => {
    const response = await fetch(`${await serve()}/bad`);
    expect(response.status).toBe(400);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });
});
