import { EventEmitter } from 'node:events';
import { createServer, get, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import type { Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createErrorHandler } from '@ira/core/runtime/middleware/error-handler';
import { listen, startEdge, type Edge } from '../testing/edge-harness.ts';
import { createCalcForward, forward } from './calc-forward.ts';

// A stand-in for the calc service: records what it got and answers as told.
let seen: IncomingMessage[] = [];
let hanging: IncomingMessage | null = null;
const LARGE = Buffer.from(
  JSON.stringify({ days: Array.from({ length: 4000 }, (_, i) => ({ day: i, fajr: '05:01' })) }),
);
const calc: Server = createServer((req, res) => {
  seen.push(req);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.url!.startsWith('/api/v1/qibla?limit')) {
      res.writeHead(429, {
        'Content-Type': 'application/json; charset=utf-8',
        'Retry-After': '7',
        RateLimit: '"calculation";r=0;t=7',
        'X-Request-Id': String(req.headers['x-request-id']),
      });
      res.end('{"success":false,"error":"Too Many Requests"}');
    } else if (req.url!.startsWith('/api/v1/qibla?gzip')) {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ big: 'x'.repeat(5000) })));
    } else if (req.url!.startsWith('/api/v1/qibla?sized')) {
      // A sized answer in two writes, as calc sends its JSON.
      const body = JSON.stringify({ success: true, url: req.url });
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'X-From': 'calc',
      });
      res.write(body.slice(0, 10));
      setTimeout(() => res.end(body.slice(10)), 20);
    } else if (req.url!.startsWith('/api/v1/qibla?cut')) {
      // Dies partway through an answer it said would be 100 bytes.
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': '100' });
      res.write('{"success":');
      setTimeout(() => res.destroy(), 20);
    } else if (req.url!.startsWith('/api/v1/prayer-time/calendar?large')) {
      // A year's calendar is larger than the edge reads whole: it streams through.
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': LARGE.length });
      for (let at = 0; at < LARGE.length; at += 16_384) res.write(LARGE.subarray(at, at + 16_384));
      res.end();
    } else if (req.url!.startsWith('/api/v1/qibla?hang')) {
      hanging = req; // never answered: the client's going away must close it
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'application/json; charset=utf-8' });
      res.end('{"success":false,"error":"Method Not Allowed"}');
    } else {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'RateLimit-Policy': '"calculation";q=5;w=60',
        'X-From': 'calc',
      });
      // Written in two parts: the edge streams rather than buffering a whole body.
      res.write('{"success":true,');
      setTimeout(() => res.end(`"url":${JSON.stringify(req.url)}}`), 20);
    }
  });
});

let edge: Edge;
let downEdge: Edge;
beforeAll(async () => {
  await listen(calc);
  edge = await startEdge({ CALC_URL: `http://127.0.0.1:${(calc.address() as AddressInfo).port}` });
  const closed = createServer();
  await listen(closed);
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  downEdge = await startEdge({ CALC_URL: `http://127.0.0.1:${closedPort}` });
});
afterAll(async () => {
  await Promise.all([edge.close(), downEdge.close()]);
  calc.closeAllConnections();
  await new Promise((resolve) => calc.close(resolve));
});

function reset(): void {
  seen = [];
}

describe('forwarding /api/v1/prayer-time and /api/v1/qibla to calc', () => {
  it('passes path, query, key, request id, Accept-Encoding and X-Forwarded-For; streams the answer back', async () => {
    reset();
    const res = await fetch(`${edge.url}/api/v1/prayer-time?lat=21.4&lon=39.8&api_key=q`, {
      headers: {
        'X-API-Key': 'ira_live_x',
        'X-Request-Id': 'req-123',
        'Accept-Encoding': 'identity',
        'X-Forwarded-For': '203.0.113.9',
      },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, url: '/api/v1/prayer-time?lat=21.4&lon=39.8&api_key=q' });
    expect(res.headers.get('ratelimit-policy')).toBe('"calculation";q=5;w=60');
    expect(res.headers.get('x-from')).toBe('calc');
    expect(res.headers.get('x-request-id')).toBe('req-123');
    const got = seen[0]!.headers;
    expect(got['x-api-key']).toBe('ira_live_x');
    expect(got['x-request-id']).toBe('req-123');
    expect(got['accept-encoding']).toBe('identity');
    expect(got['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it.each([
    '/api/v1/prayer-time/calendar?lat=1&lon=2&year=2026&month=3',
    '/api/v1/prayer-time/calendar.ics?lat=1&lon=2&days=7&api_key=ira_live_q',
    '/api/v1/prayer-time/next?lat=1&lon=2&at=2026-03-20T01:00:00Z',
    '/api/v1/hijri?hijri=1447-09-01',
    '/api/v1/hijri?date=2026-03-20',
  ])('forwards the timetable path %s as it came', async (pathAndQuery) => {
    reset();
    const res = await fetch(`${edge.url}${pathAndQuery}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, url: pathAndQuery });
  });

  it('does not forward look-alike paths', async () => {
    reset();
    await fetch(`${edge.url}/api/v1/hijri-calendar`);
    expect(seen).toEqual([]);
  });

  it('forwards a trailing slash and any letter case as the router matches them, named by their route', async () => {
    reset();
    for (const path of ['/api/v1/qibla/?lat=1&lon=2', '/API/V1/Qibla?lat=1&lon=2']) {
      const res = await fetch(`${edge.url}${path}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, url: path });
      await expect.poll(() => edge.routes.at(-1)).toBe('/api/v1/qibla');
    }
    expect(seen).toHaveLength(2);
  });

  it('gives calc a request id when the client sent none', async () => {
    reset();
    const res = await fetch(`${edge.url}/api/v1/qibla?lat=1&lon=2`);
    expect(seen[0]!.headers['x-request-id']).toBe(res.headers.get('x-request-id'));
  });

  it('keeps the status, Retry-After and RateLimit of a 429', async () => {
    const res = await fetch(`${edge.url}/api/v1/qibla?limit`);
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(res.headers.get('ratelimit')).toBe('"calculation";r=0;t=7');
    expect(await res.json()).toEqual({ success: false, error: 'Too Many Requests' });
  });

  it('passes a compressed body through untouched', async () => {
    // node:http, because fetch would decompress.
    const { headers, body } = await new Promise<{ headers: IncomingMessage['headers']; body: Buffer }>(
      (resolve, reject) => {
        get(`${edge.url}/api/v1/qibla?gzip`, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      },
    );
    expect(headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(body).toString()).big).toHaveLength(5000);
  });

  it("forwards GET and HEAD; any other method is the edge's 405, which calc never sees", async () => {
    reset();
    const post = await fetch(`${edge.url}/api/v1/qibla`, {
      method: 'POST',
      body: 'a=1',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${edge.url}/api/v1/prayer-time?lat=1&lon=1`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(seen.map((request) => request.method)).toEqual(['HEAD']);
  });

  it("forwards only calc's endpoints: another path is the edge's 404", async () => {
    reset();
    const key = await edge.key({ general: 10 });
    for (const path of ['/api/v1/qiblah', '/api/v1/prayer-time/elsewhere']) {
      const res = await fetch(`${edge.url}${path}`, { headers: { 'X-API-Key': key } });
      expect(res.status).toBe(404);
    }
    expect(seen).toHaveLength(0);
  });

  it('sends a sized answer back whole, with its length and headers', async () => {
    const res = await fetch(`${edge.url}/api/v1/qibla?sized=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-from')).toBe('calc');
    const body = await res.text();
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(JSON.parse(body)).toEqual({ success: true, url: '/api/v1/qibla?sized=1' });
  });

  it("writes a sized answer's head in one call: calc's headers and the edge's request id", async () => {
    const setHeader = vi.spyOn(ServerResponse.prototype, 'setHeader');
    const writeHead = vi.spyOn(ServerResponse.prototype, 'writeHead');
    try {
      const res = await fetch(`${edge.url}/api/v1/qibla?sized=2`, { headers: { 'X-Request-Id': 'req-456' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-from')).toBe('calc');
      expect(res.headers.get('x-request-id')).toBe('req-456');
      expect(JSON.parse(await res.text())).toEqual({ success: true, url: '/api/v1/qibla?sized=2' });
      // The stand-in calc writes its head in one call too, so every call counted here is the edge's or calc's one.
      expect(setHeader).not.toHaveBeenCalled();
      expect(writeHead).toHaveBeenCalledTimes(2);
    } finally {
      setHeader.mockRestore();
      writeHead.mockRestore();
    }
  });

  it('502 with the JSON body when calc closes a sized answer partway', async () => {
    const res = await fetch(`${edge.url}/api/v1/qibla?cut=1`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({
      success: false,
      error: 'Bad Gateway',
      message: 'The calculation service is unavailable.',
    });
  });

  it('502 with the JSON body when calc is unreachable', async () => {
    const res = await fetch(`${downEdge.url}/api/v1/qibla?lat=1&lon=2`);
    expect(res.status).toBe(502);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(await res.json()).toEqual({
      success: false,
      error: 'Bad Gateway',
      message: 'The calculation service is unavailable.',
    });
  });

  it.each([
    ['a sized answer', '/api/v1/qibla?sized=1'],
    ['an answer larger than it reads whole', '/api/v1/prayer-time/calendar?large=1'],
  ])("answers HEAD for %s with calc's headers and length, and no body", async (_, path) => {
    const get = await fetch(`${edge.url}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
    const length = (await get.arrayBuffer()).byteLength;
    const head = await fetch(`${edge.url}${path}`, { method: 'HEAD', headers: { 'Accept-Encoding': 'identity' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(length));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    // The edge is still there and answering.
    expect((await fetch(`${edge.url}/api/v1/qibla?lat=1&lon=2`)).status).toBe(200);
  });

  it('streams an answer larger than it reads whole back intact', async () => {
    expect(LARGE.length).toBeGreaterThan(64 * 1024);
    const res = await fetch(`${edge.url}/api/v1/prayer-time/calendar?large=1`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(LARGE)).toBe(true);
  });

  it('closes the forwarded request when the client goes away', async () => {
    hanging = null;
    const client = new AbortController();
    const answer = fetch(`${edge.url}/api/v1/qibla?hang=1`, { signal: client.signal }).catch((error: unknown) => error);
    await expect.poll(() => hanging).not.toBeNull();
    const closed = new Promise<string>((resolve) => hanging!.socket.once('close', () => resolve('closed')));
    client.abort();
    await answer;
    // Well before the forward's own 15 s timeout would close it.
    expect(await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2_000, 'still open'))])).toBe(
      'closed',
    );
  });
});

describe('a calc that does not answer', () => {
  it('504 with the JSON body once the timeout passes', async () => {
    const silent = createServer(() => {}); // takes the request and never answers
    await listen(silent);
    const forward = createCalcForward(`http://127.0.0.1:${(silent.address() as AddressInfo).port}`, { timeoutMs: 200 });
    const app = new Koa();
    app.use(createErrorHandler());
    app.use(forward.middleware);
    const server = createServer(app.callback());
    await listen(server);
    try {
      const started = Date.now();
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/qibla?lat=1&lon=2`);
      expect(res.status).toBe(504);
      expect(await res.json()).toEqual({
        success: false,
        error: 'Gateway Timeout',
        message: 'The calculation service did not answer in time.',
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      forward.close();
      silent.closeAllConnections();
      await Promise.all([
        new Promise((resolve) => server.close(resolve)),
        new Promise((resolve) => silent.close(resolve)),
      ]);
    }
  });
});

describe('forward', () => {
  /** The abort of one forwarded request whose client goes away after calc's answer `ended` (or before). */
  async function abortedWhenClientGoes(ended: boolean): Promise<boolean> {
    let aborted = false;
    const controller = {
      abort: () => (aborted = true),
      pause() {},
      resume() {},
    } as unknown as Dispatcher.DispatchController;
    const pool = {
      dispatch(_options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
        handler.onRequestStart!(controller, {});
        handler.onResponseStart!(controller, 200, { 'content-length': '2' }, 'OK');
        handler.onResponseData!(controller, Buffer.from('ok'));
        if (ended) handler.onResponseEnd!(controller, {});
        return true;
      },
    } as unknown as Dispatcher;
    const res = new EventEmitter() as ServerResponse;
    const answer = await forward(pool, res, { method: 'GET', path: '/api/v1/qibla' });
    if (ended) expect((await answer.body)!.toString()).toBe('ok');
    res.emit('close');
    return aborted;
  }

  it('does not abort a request whose answer has come: a finished answer costs no abort', async () => {
    expect(await abortedWhenClientGoes(true)).toBe(false);
  });

  it('aborts the request when the client goes away before its answer has come', async () => {
    expect(await abortedWhenClientGoes(false)).toBe(true);
  });
});
