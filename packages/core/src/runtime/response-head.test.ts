import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { addHeader, addVary, collectHeaders, setHeaders, writeHead } from './response-head.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function headersOf(app: Koa): Promise<{ status: number; headers: Headers; raw: string[]; body: string }> {
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const raw = await new Promise<{ status: number; raw: string[]; body: string }>((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}/`, async (response) => {
        let body = '';
        for await (const chunk of response) body += String(chunk);
        resolve({ status: response.statusCode!, raw: response.rawHeaders, body });
      })
      .on('error', reject);
  });
  const headers = new Headers();
  for (let i = 0; i < raw.raw.length; i += 2) headers.append(raw.raw[i]!, raw.raw[i + 1]!);
  return { ...raw, headers };
}

function appWith(...steps: Koa.Middleware[]): Koa {
  const app = new Koa();
  app.use(collectHeaders());
  for (const step of steps) app.use(step);
  return app;
}

describe('collectHeaders and addHeader', () => {
  it('sets the added headers on an answer Koa writes, a header a later step set winning', async () => {
    const app = appWith(async (ctx, next) => {
      addHeader(ctx.res, 'X-Request-Id', 'abc');
      addHeader(ctx.res, 'RateLimit', 'early');
      expect(ctx.res.hasHeader('X-Request-Id')).toBe(false); // kept for the head
      await next();
    });
    app.use((ctx) => {
      ctx.set('RateLimit', 'late');
      ctx.body = { ok: true };
    });
    const { status, headers, body } = await headersOf(app);
    expect(status).toBe(200);
    expect(headers.get('x-request-id')).toBe('abc');
    expect(headers.get('ratelimit')).toBe('late');
    expect(JSON.parse(body)).toEqual({ ok: true });
  });

  it('sends them with an error a step answers after they were added', async () => {
    const app = appWith(
      async (ctx, next) => {
        addHeader(ctx.res, 'X-Request-Id', 'abc');
        try {
          await next();
        } catch {
          ctx.status = 400;
          ctx.body = { error: 'bad' };
        }
      },
      () => {
        throw new Error('bad input');
      },
    );
    const { status, headers } = await headersOf(app);
    expect(status).toBe(400);
    expect(headers.get('x-request-id')).toBe('abc');
  });

  it('sets a header at once on a response no collectHeaders step serves', async () => {
    const app = new Koa();
    app.use((ctx) => {
      addHeader(ctx.res, 'X-Request-Id', 'abc');
      expect(ctx.res.getHeader('X-Request-Id')).toBe('abc');
      ctx.body = 'ok';
    });
    expect((await headersOf(app)).headers.get('x-request-id')).toBe('abc');
  });
});

describe('writeHead', () => {
  it('writes the added headers and its own in one head, its own winning over one of the same name', async () => {
    const app = appWith((ctx) => {
      addHeader(ctx.res, 'X-Request-Id', 'abc');
      addHeader(ctx.res, 'Cache-Control', 'no-store');
      ctx.respond = false;
      writeHead(ctx.res, 200, ['cache-control', 'private, max-age=60', 'Content-Length', '2']);
      ctx.res.end('ok');
    });
    const { raw, headers, body } = await headersOf(app);
    expect(headers.get('x-request-id')).toBe('abc');
    expect(headers.get('cache-control')).toBe('private, max-age=60');
    expect(raw.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'cache-control')).toHaveLength(1);
    expect(body).toBe('ok');
  });

  it('still sends a header set on the response itself', async () => {
    const app = appWith((ctx) => {
      addHeader(ctx.res, 'X-Request-Id', 'abc');
      ctx.set('Access-Control-Allow-Origin', 'https://app.example');
      ctx.respond = false;
      writeHead(ctx.res, 200, ['Content-Length', '2']);
      ctx.res.end('ok');
    });
    const { headers } = await headersOf(app);
    expect(headers.get('x-request-id')).toBe('abc');
    expect(headers.get('access-control-allow-origin')).toBe('https://app.example');
  });
});

describe('Vary', () => {
  it("sends every step's fields in one Vary, with one a later step set on the response", async () => {
    const app = appWith((ctx) => {
      addVary(ctx.res, 'X-API-Key');
      addVary(ctx.res, 'Accept-Encoding');
      ctx.vary('Origin');
      ctx.body = 'ok';
    });
    const { raw, headers } = await headersOf(app);
    expect(headers.get('vary')).toBe('X-API-Key, Accept-Encoding, Origin');
    expect(raw.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'vary')).toHaveLength(1);
  });

  it("merges the steps' fields, one set on the response and the head's own, each once", async () => {
    const app = appWith((ctx) => {
      addVary(ctx.res, 'Accept-Encoding');
      ctx.res.setHeader('Vary', 'Origin');
      ctx.respond = false;
      writeHead(ctx.res, 200, ['Vary', 'accept-encoding, X-API-Key', 'Content-Length', '2']);
      ctx.res.end('ok');
    });
    const { raw, headers } = await headersOf(app);
    expect(headers.get('vary')).toBe('Origin, Accept-Encoding, X-API-Key');
    expect(raw.filter((name, i) => i % 2 === 0 && name.toLowerCase() === 'vary')).toHaveLength(1);
  });

  it('merges a Vary set on the response into the head on a response no collectHeaders step serves', async () => {
    const app = new Koa();
    app.use((ctx) => {
      ctx.vary('Origin');
      ctx.respond = false;
      writeHead(ctx.res, 200, ['Vary', 'X-API-Key', 'Content-Length', '2']);
      ctx.res.end('ok');
    });
    expect((await headersOf(app)).headers.get('vary')).toBe('Origin, X-API-Key');
  });

  it('keeps * alone, and setHeaders merges a Vary into the one set', async () => {
    const star = appWith((ctx) => {
      addVary(ctx.res, 'X-API-Key');
      ctx.respond = false;
      writeHead(ctx.res, 200, ['Vary', '*', 'Content-Length', '2']);
      ctx.res.end('ok');
    });
    expect((await headersOf(star)).headers.get('vary')).toBe('*');
    const merged = appWith((ctx) => {
      ctx.res.setHeader('Vary', 'Origin');
      setHeaders(ctx.res, ['Vary', 'Accept-Encoding, X-API-Key', 'Cache-Control', 'no-cache']);
      ctx.body = 'ok';
    });
    const { headers } = await headersOf(merged);
    expect(headers.get('vary')).toBe('Origin, Accept-Encoding, X-API-Key');
    expect(headers.get('cache-control')).toBe('no-cache');
  });
});
