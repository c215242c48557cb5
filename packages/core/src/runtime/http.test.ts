import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { createErrorHandler } from '../contract/errors.ts';
import {
  bySection,
  compression,
  cors,
  healthz,
  notFoundFallback,
  readOnlyMethods,
  readyz,
  requestId,
  sectionOf,
  type ReadinessDeps,
} from './http.ts';

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

async function serve(
  options: { origins?: string[]; ready?: () => boolean; deps?: ReadinessDeps } = {},
): Promise<string> {
  const app = new Koa();
  app.use(requestId());
  app.use(createErrorHandler());
  app.use(cors(options.origins ?? []));
  app.use(compression());
  app.use(healthz(options.ready));
  if (options.deps) app.use(readyz(options.deps));
  app.use(readOnlyMethods());
  app.use(notFoundFallback());
  app.use((ctx, next) => {
    if (ctx.path === '/big')
      ctx.body = { items: Array.from({ length: 500 }, (_, i) => ({ i, text: 'repeated text' })) };
    if (ctx.path === '/small') ctx.body = { ok: true };
    if (ctx.path === '/huge')
      ctx.body = { items: Array.from({ length: 20_000 }, (_, i) => ({ i, text: 'repeated text' })) };
    if (ctx.path === '/calendar.ics') {
      ctx.type = 'text/calendar';
      ctx.body = 'BEGIN:VEVENT\r\nSUMMARY:Fajr\r\nEND:VEVENT\r\n'.repeat(100);
    }
    return next();
  });
  const server = http.createServer(app.callback()).listen(0);
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('requestId', () => {
  it('makes an id when none is sent and echoes a sane one', async () => {
    const base = await serve();
    expect((await fetch(`${base}/small`)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(`${base}/small`, { headers: { 'X-Request-Id': 'abc-123' } });
    expect(echoed.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await fetch(`${base}/small`, { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).not.toContain('script');
  });
});

describe('readOnlyMethods', () => {
  it('answers 405 JSON with Allow for POST', async () => {
    const response = await fetch(`${await serve()}/small`, { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toMatchObject({ success: false, error: 'Method Not Allowed' });
  });
});

describe('notFoundFallback', () => {
  it('answers unknown routes with JSON 404', async () => {
    const response = await fetch(`${await serve()}/nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: 'Not Found' });
  });
});

describe('sectionOf and bySection', () => {
  it('cuts a path at its fourth slash', () => {
    expect(sectionOf('/api/v1/quran/surah/2')).toBe('/api/v1/quran');
    expect(sectionOf('/api/v1/qibla')).toBe('/api/v1/qibla');
    expect(sectionOf('/api/v1/qibla/')).toBe('/api/v1/qibla');
    expect(sectionOf('/healthz')).toBe('/healthz');
    expect(sectionOf('/')).toBe('/');
  });

  it('runs only the middleware of the section of the path, and the next step for any other path', async () => {
    const app = new Koa();
    app.use(
      bySection({
        '/api/v1/audio': (ctx) => void (ctx.body = 'audio'),
        '/healthz': (ctx) => void (ctx.body = 'health'),
      }),
    );
    app.use((ctx) => void (ctx.body = 'rest'));
    const server = http.createServer(app.callback()).listen(0);
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const text = async (path: string) => (await fetch(`${base}${path}`)).text();
    expect(await text('/api/v1/audio/quran/x/001001.mp3')).toBe('audio');
    expect(await text('/healthz')).toBe('health');
    expect(await text('/healthz/more')).toBe('rest');
    expect(await text('/api/v1/audiobook')).toBe('rest');
    expect(await text('/api/v1/quran/surah/1')).toBe('rest');
  });
});

describe('compression', () => {
  it('sends the body as it is to a request without Accept-Encoding', async () => {
    const base = await serve();
    const response = await new Promise<http.IncomingMessage>((resolve) => http.get(`${base}/big`, resolve));
    expect(response.headers['content-encoding']).toBeUndefined();
    let length = 0;
    for await (const chunk of response) length += (chunk as Buffer).length;
    expect(length).toBe(Number(response.headers['content-length']));
  });

  it('compresses large JSON with br when accepted, and leaves small bodies alone', async () => {
    const base = await serve();
    const big = await fetch(`${base}/big`, { headers: { 'Accept-Encoding': 'br' } });
    expect(big.headers.get('content-encoding')).toBe('br');
    expect(((await big.json()) as { items: unknown[] }).items).toHaveLength(500);
    const gzip = await fetch(`${base}/big`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const small = await fetch(`${base}/small`, { headers: { 'Accept-Encoding': 'br' } });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  /** The response as sent, its body not decoded. */
  const raw = (url: string, acceptEncoding: string) =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    });

  // Per response, koa-compress makes a compressor and a stream: one Name answered 2,300
  // req/s with gzip and 1,400 with br against 16,500 uncompressed, a cached prayer time
  // 1,070 against 12,100. Gzip, where accepted, is the cheaper of the two to make.
  it('makes gzip where gzip is accepted and br where only br is, telling caches it varies', async () => {
    const base = await serve();
    const plain = (await raw(`${base}/big`, 'identity')).body;
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'gzip'],
      ['br, gzip', 'gzip'],
      ['br', 'br'],
      ['gzip;q=0, br;q=0.5', 'br'],
      ['gzip;q=0, br;q=0', undefined],
    ] as const) {
      const { headers, body } = await raw(`${base}/big`, accept);
      expect([accept, headers['content-encoding']]).toEqual([accept, encoding]);
      expect(Number(headers['content-length'])).toBe(body.length);
      expect(headers.vary).toContain('Accept-Encoding');
      const decoded = encoding === 'gzip' ? gunzipSync(body) : encoding === 'br' ? brotliDecompressSync(body) : body;
      expect(decoded.equals(plain)).toBe(true);
    }
  });

  it('compresses a large body and an iCalendar feed too', async () => {
    const base = await serve();
    const huge = await raw(`${base}/huge`, 'gzip');
    expect(huge.headers['content-encoding']).toBe('gzip');
    expect((JSON.parse(gunzipSync(huge.body).toString()) as { items: unknown[] }).items).toHaveLength(20_000);
    const feed = await raw(`${base}/calendar.ics`, 'gzip');
    expect(feed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(feed.body).toString()).toMatch(/^BEGIN:VEVENT/);
  });
});

describe('cors', () => {
  it('sends no CORS headers by default', async () => {
    const response = await fetch(`${await serve()}/small`, { headers: { Origin: 'https://app.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows listed origins and answers their preflight', async () => {
    const base = await serve({ origins: ['https://app.example'] });
    const response = await fetch(`${base}/small`, { headers: { Origin: 'https://app.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const preflight = await fetch(`${base}/small`, { method: 'OPTIONS', headers: { Origin: 'https://app.example' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toBe('X-API-Key');
    const other = await fetch(`${base}/small`, { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('healthz', () => {
  it('is 200 ok once ready and 503 before', async () => {
    let ready = false;
    const base = await serve({ ready: () => ready });
    expect((await fetch(`${base}/healthz`)).status).toBe(503);
    ready = true;
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    const deleted = await fetch(`${base}/healthz`, { method: 'DELETE' });
    expect(deleted.status).toBe(405);
    expect(deleted.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('readyz', () => {
  const down = async () => Promise.reject(new Error('down'));
  const up = async () => undefined;

  it('answers 200 ready when the store and Redis answer, without a key', async () => {
    const base = await serve({ deps: { store: { ping: up }, redis: { ping: async () => 'PONG' } } });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 with Retry-After naming what does not answer, while /healthz stays 200', async () => {
    const base = await serve({ deps: { store: { ping: down }, redis: { ping: down } } });
    const response = await fetch(`${base}/readyz`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({ status: 'unavailable', unavailable: ['key store', 'Redis'] });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
