// CALC_URL=https://…: the edge must speak TLS to calc (it used to send plain
// HTTP to the TLS port: every calculation answered 502).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalcForward, type CalcForward } from './calc-forward.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ira-calc-tls-'));
let calc: https.Server;
let edge: http.Server;
let forward: CalcForward;
let edgeUrl = '';

beforeAll(async () => {
  // A self-signed certificate for 127.0.0.1, made for this run.
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(path.join(dir, 'cert.pem'));
  calc = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert }, (req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ tls: true, url: req.url }));
  });
  await new Promise<void>((resolve) => calc.listen(0, '127.0.0.1', resolve));
  forward = createCalcForward(`https://127.0.0.1:${(calc.address() as AddressInfo).port}`, { ca: cert });
  const app = new Koa();
  app.use(forward.middleware);
  edge = http.createServer(app.callback());
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
  edgeUrl = `http://127.0.0.1:${(edge.address() as AddressInfo).port}`;
});

afterAll(async () => {
  forward?.close();
  await new Promise((resolve) => edge?.close(resolve));
  calc?.closeAllConnections();
  await new Promise((resolve) => calc?.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('createCalcForward over https', () => {
  it('forwards to an https CALC_URL over TLS, verifying the certificate', async () => {
    const response = await fetch(`${edgeUrl}/api/v1/qibla?lat=1&lon=2`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ tls: true, url: '/api/v1/qibla?lat=1&lon=2' });
  });

  it('answers 502 when the certificate is not trusted (no silent downgrade)', async () => {
    const untrusting = createCalcForward(`https://127.0.0.1:${(calc.address() as AddressInfo).port}`);
    const app = new Koa();
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (error) {
        ctx.status = (error as { status?: number }).status ?? 500;
      }
    });
    app.use(untrusting.middleware);
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/qibla?lat=1&lon=2`);
    expect(response.status).toBe(502);
    untrusting.close();
    await new Promise((resolve) => server.close(resolve));
  });
});
