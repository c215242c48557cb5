import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { useTestServers } from '../../testing/serve-app.ts';
import { compression } from './compression.ts';

const listen = useTestServers();

function serve(): Promise<string> {
  const app = new Koa();
  app.use(compression());
  app.use((ctx) => {
    if (ctx.path === '/big')
      ctx.body = { items: Array.from({ length: 500 }, (_, i) => ({ i, text: 'repeated text' })) };
    if (ctx.path === '/small') ctx.body = { ok: true };
    if (ctx.path === '/huge') {
      ctx.body = { items: Array.from({ length: 20_000 }, (_, i) => ({ i, text: 'repeated text' })) };
    }
    if (ctx.path === '/calendar.ics') {
      ctx.type = 'text/calendar';
      ctx.body = 'BEGIN:VEVENT\r\nSUMMARY:Fajr\r\nEND:VEVENT\r\n'.repeat(100);
    }
  });
  return listen(app);
}

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

  // Gzip, where accepted, is the cheaper of the two to make.
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
