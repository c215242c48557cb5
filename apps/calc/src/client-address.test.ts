import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { loadConfig } from '@ira/core/runtime/config';
import { afterEach, describe, expect, it } from 'vitest';
import { forwardedClientAddress } from './client-address.ts';

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.close()));

/** A calc-like app on loopback that answers with the client address it settled on. */
async function appWith(env: Record<string, string>): Promise<string> {
  const app = new Koa();
  app.use(forwardedClientAddress(loadConfig(env)));
  app.use((ctx) => {
    ctx.body = { ip: ctx.ip };
  });
  const server = http.createServer(app.callback());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const ipFor = async (base: string, forwardedFor?: string) =>
  (
    (await (await fetch(base, { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} })).json()) as {
      ip: string;
    }
  ).ip;

describe('forwardedClientAddress', () => {
  it('believes the hop the edge appended when the peer is a trusted edge (loopback by default)', async () => {
    const base = await appWith({});
    // The client wrote 6.6.6.6 itself; the edge appended the address it saw.
    expect(await ipFor(base, '6.6.6.6, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipFor(base)).toBe('127.0.0.1');
  });

  it('ignores X-Forwarded-For from a peer that is not a listed edge', async () => {
    const base = await appWith({ CALC_TRUSTED_EDGES: '10.0.0.5' });
    expect(await ipFor(base, '203.0.113.9')).toBe('127.0.0.1');
  });

  it('with TRUST_PROXY=1 (a proxy in front of the edge), takes the address that proxy saw', async () => {
    const base = await appWith({ TRUST_PROXY: '1' });
    // client-written, then what nginx appended, then what the edge appended (nginx's address).
    expect(await ipFor(base, '6.6.6.6, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
  });
});
