import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { addHeader, collectHeaders, writeHeadNow } from './response-headers.ts';

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serve(app: Koa): Promise<string> {
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

// Headers added by earlier steps, as the request id, the limiter and the validators add theirs.
function addingSteps(app: Koa): void {
  app.use((ctx, next) => {
    addHeader(ctx.res, 'X-Request-Id', 'abc');
    return next();
  });
  app.use((ctx, next) => {
    addHeader(ctx.res, 'RateLimit', '"general";r=9;t=60');
    return next();
  });
}

/** An app collecting headers, the adding steps, then `steps`; its answer to GET /. */
async function answerOf(...steps: Koa.Middleware[]): Promise<Response> {
  const app = new Koa();
  app.use(collectHeaders());
  addingSteps(app);
  for (const step of steps) app.use(step);
  return fetch(await serve(app));
}

describe('collectHeaders', () => {
  it('writes the added headers with an answer Koa writes', async () => {
    const response = await answerOf((ctx) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { ok: true };
    });
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(response.headers.get('ratelimit')).toBe('"general";r=9;t=60');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true });
  });

  it('writes them with an error answer too', async () => {
    const response = await answerOf(
      async (ctx, next) => {
        try {
          await next();
        } catch {
          ctx.status = 404;
          ctx.body = { error: 'no' };
        }
      },
      () => {
        throw new Error('no route');
      },
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toBe('abc');
  });

  it('writes them in the head a step writes itself, with its own, in one call', async () => {
    const response = await answerOf((ctx) => {
      ctx.respond = false;
      const body = Buffer.from('{"direct":true}');
      writeHeadNow(ctx.res, 200, [
        'Content-Type',
        'application/json; charset=utf-8',
        'Content-Length',
        String(body.length),
      ]);
      ctx.res.end(body);
    });
    expect(response.headers.get('x-request-id')).toBe('abc');
    expect(response.headers.get('ratelimit')).toBe('"general";r=9;t=60');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ direct: true });
  });

  it('lets a header a step sets on the response itself stand beside the added ones, and an added one of the same name win', async () => {
    const response = await answerOf((ctx) => {
      ctx.vary('Accept-Encoding');
      ctx.set('X-Request-Id', 'set-directly');
      ctx.respond = false;
      writeHeadNow(ctx.res, 200, ['Content-Length', '2']);
      ctx.res.end('{}');
    });
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('x-request-id')).toBe('abc');
  });
});

describe('addHeader without collectHeaders', () => {
  it('sets the header on the response at once', async () => {
    const app = new Koa();
    addingSteps(app);
    app.use((ctx) => {
      expect(ctx.res.getHeader('X-Request-Id')).toBe('abc');
      ctx.body = 'ok';
    });
    const response = await fetch(await serve(app));
    expect(response.headers.get('x-request-id')).toBe('abc');
  });
});
