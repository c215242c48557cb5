import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedClientAddress, isLoopback } from './client-address.ts';

describe('isLoopback', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('treats %s as loopback', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['10.0.0.1', '192.168.1.1', '::ffff:10.0.0.1', '2001:db8::1', undefined])('does not trust %s', (address) => {
    expect(isLoopback(address)).toBe(false);
  });
});

describe('forwardedClientAddress', () => {
  const app = new Koa();
  app.use(forwardedClientAddress());
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip };
  });
  const server = http.createServer(app.callback());
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('takes the last X-Forwarded-For hop from a loopback peer (the edge)', async () => {
    const response = await fetch(base, { headers: { 'X-Forwarded-For': '198.51.100.7, 203.0.113.9' } });
    expect(await response.json()).toEqual({ ip: '203.0.113.9' });
  });

  it('keeps the socket address when no header is sent', async () => {
    const body = (await (await fetch(base)).json()) as { ip: string };
    expect(isLoopback(body.ip)).toBe(true);
  });
});

describe('forwardedClientAddress from a non-loopback peer', () => {
  it('ignores X-Forwarded-For, so a direct client cannot choose its address', async () => {
    const ctx = {
      get: (name: string) => (name === 'X-Forwarded-For' ? '203.0.113.9' : ''),
      req: { socket: { remoteAddress: '198.51.100.20' } },
      request: { ip: '198.51.100.20' },
    };
    await forwardedClientAddress()(ctx as never, async () => {});
    expect(ctx.request.ip).toBe('198.51.100.20');
  });
});
