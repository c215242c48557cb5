import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';

let echo: net.Server;
let upstreamConnections = 0;
let proxy: FaultProxy;

beforeAll(async () => {
  echo = net.createServer((socket) => {
    upstreamConnections += 1;
    socket.on('error', () => {});
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  proxy = await startFaultProxy({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port: proxy.port }, () => resolve(socket));
    socket.once('error', reject);
  });
}

function roundTrip(socket: net.Socket, text: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (data) => resolve(data.toString()));
    socket.write(text);
  });
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

describe('startFaultProxy', () => {
  it('rewrites a postgres:// or redis:// URL to go through the proxy', () => {
    expect(proxy.via('redis://cache.internal:6379/2')).toBe(`redis://127.0.0.1:${proxy.port}/2`);
    expect(proxy.via('postgres://app@db.internal:5432/ira')).toBe(`postgres://app@127.0.0.1:${proxy.port}/ira`);
  });

  it('passes bytes both ways, cuts every connection on cut, and passes again once healed', async () => {
    const before = proxy.accepted;
    const socket = await connect();
    expect(await roundTrip(socket, 'ping')).toBe('ping');
    proxy.setMode('cut');
    await closed(socket);
    const refused = await connect();
    await closed(refused);
    proxy.setMode('pass');
    const healed = await connect();
    expect(await roundTrip(healed, 'again')).toBe('again');
    healed.destroy();
    expect(proxy.accepted - before).toBe(3);
  });

  it('on stall, accepts connections and never forwards them, even after healing', async () => {
    const live = await connect();
    expect(await roundTrip(live, 'before')).toBe('before');
    proxy.setMode('stall');
    const stalled = await connect();
    stalled.write('lost');
    let answered = false;
    for (const socket of [live, stalled]) socket.on('data', () => (answered = true));
    live.write('lost too');
    const upstreamBefore = upstreamConnections;
    proxy.setMode('pass');
    // A fresh connection's round trip is the clock: the stalled bytes were sent before it.
    const fresh = await connect();
    expect(await roundTrip(fresh, 'fresh')).toBe('fresh');
    expect(upstreamConnections - upstreamBefore).toBe(1);
    expect(answered).toBe(false);
    for (const socket of [live, stalled, fresh]) socket.destroy();
  });
});
