import { Writable } from 'node:stream';
import Router from '@koa/router';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../keys/api-key.ts';
import { requestId } from '../middleware/request-id.ts';
import { serve, type Serving } from '../serve.ts';
import { annotate, annotateRequest } from './annotations.ts';
import { accessLog, replaceLogDestination } from './logger.ts';

const lines: string[] = [];
const key = generateApiKey();
let serving: Serving;
let base = '';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  replaceLogDestination(sink);
  const router = new Router();
  router.get('/things/:id', (ctx) => {
    ctx.state.apiKey = { id: 'k1', key, limits: {} };
    ctx.body = { id: ctx.params.id };
  });
  const app = new Koa();
  app.use(annotateRequest());
  // A step that writes its head in one call from a list, with no header set on the response
  // before (the edge's replayed answers): getHeader finds none of them afterwards.
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/listed/')) return next();
    ctx.state.requestId = 'req-obs-3';
    ctx.respond = false;
    ctx.res.writeHead(200, ['X-Request-Id', 'req-obs-3', 'Content-Length', '0']).end();
  });
  app.use(requestId());
  // A step that answers without a router names its route itself (the edge's forwarding to calc).
  app.use(async (ctx, next) => {
    if (!ctx.path.startsWith('/named/')) return next();
    annotate(ctx.res, { route: 'named by a step' });
    ctx.body = {};
  });
  // An answer that never comes: its client gives up.
  router.get('/hang', (ctx) => new Promise<void>((resolve) => ctx.res.once('close', resolve)));
  app.use(router.routes());
  serving = await serve({
    name: 'observed',
    port: 0,
    host: '127.0.0.1',
    handler: app.callback(),
    limits: { requestTimeoutMs: 5_000, maxConnections: 10, maxBodyBytes: 1024, shutdownDrainMs: 100 },
    metricsPort: 0,
  });
  base = `http://127.0.0.1:${serving.port}`;
});

afterAll(() => serving.stop('test end'));

describe('access log and metrics through serve()', () => {
  it('logs one JSON line per request with request id, route pattern and the key display start only', async () => {
    const response = await fetch(`${base}/things/42?api_key=${key}`, {
      headers: { 'X-Request-Id': 'req-obs-1', 'X-API-Key': key },
    });
    expect(response.status).toBe(200);
    await expect.poll(() => lines.some((line) => line.includes('req-obs-1'))).toBe(true);
    const entry = JSON.parse(lines.find((line) => line.includes('req-obs-1'))!);
    expect(entry).toMatchObject({
      msg: 'request',
      service: 'observed',
      reqId: 'req-obs-1',
      method: 'GET',
      path: '/things/42',
      route: '/things/:id',
      status: 200,
      key: key.slice(0, 13),
    });
    expect(lines.join('\n')).not.toContain(key);
  });

  it('keeps a route pattern that a step deeper in the chain named itself', async () => {
    const response = await fetch(`${base}/named/1`, { headers: { 'X-Request-Id': 'req-obs-2' } });
    expect(response.status).toBe(200);
    await expect.poll(() => lines.some((line) => line.includes('req-obs-2'))).toBe(true);
    expect(JSON.parse(lines.find((line) => line.includes('req-obs-2'))!)).toMatchObject({
      route: 'named by a step',
      client: '127.0.0.1',
      key: null,
    });
  });

  it('logs the request id the client was sent when the head was written from a list', async () => {
    const response = await fetch(`${base}/listed/1`);
    expect(response.headers.get('x-request-id')).toBe('req-obs-3');
    await expect.poll(() => lines.some((line) => line.includes('/listed/1'))).toBe(true);
    expect(JSON.parse(lines.find((line) => line.includes('/listed/1'))!)).toMatchObject({ reqId: 'req-obs-3' });
  });

  it('logs a request whose client left before the answer, as aborted with no status', async () => {
    const controller = new AbortController();
    const request = fetch(`${base}/hang`, { headers: { 'X-Request-Id': 'req-obs-4' }, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(request).rejects.toThrow();
    await expect.poll(() => lines.some((line) => line.includes('req-obs-4'))).toBe(true);
    expect(JSON.parse(lines.find((line) => line.includes('req-obs-4'))!)).toMatchObject({
      route: '/hang',
      status: 0,
      aborted: true,
    });
  });

  it('serves Prometheus metrics on the metrics port only, labelled by route pattern', async () => {
    await fetch(`${base}/things/7`);
    const text = await (await fetch(`http://127.0.0.1:${serving.metricsPort}/metrics`)).text();
    expect(text).toMatch(
      /ira_http_requests_total\{service="observed",route="\/things\/:id",method="GET",status="200"\} [1-9]/,
    );
    expect(text).toContain('ira_http_request_duration_seconds_bucket');
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
  });
});

describe('accessLog', () => {
  it('writes the line pino would for the same fields, escaping what a client sent', async () => {
    const written: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        written.push(String(chunk));
        done();
      },
    });
    replaceLogDestination(sink);
    const fields = {
      reqId: 'r-1',
      method: 'GET',
      path: '/api/v1/"quoted"\n\u2028/x',
      route: 'other',
      status: 404,
      ms: 0.4,
      client: null,
      key: null,
      aborted: false,
    };
    accessLog('edge')!(fields);
    expect(written).toHaveLength(1);
    expect(written[0]!.endsWith('}\n')).toBe(true);
    expect(written[0]!.trim()).not.toContain('\n');
    const line = JSON.parse(written[0]!);
    expect(line).toEqual({ level: 30, time: expect.any(String), service: 'edge', ...fields, msg: 'request' });
    expect(Object.keys(line)).toEqual(['level', 'time', 'service', ...Object.keys(fields), 'msg']);
  });
});
