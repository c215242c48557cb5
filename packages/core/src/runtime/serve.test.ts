import { spawn } from 'node:child_process';
import type http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from './serve.ts';

const FIXTURE = path.join(import.meta.dirname, '../testing/serve-fixture.ts');
const LIMITS = { requestTimeoutMs: 2_000, maxConnections: 3, maxBodyBytes: 1024, shutdownDrainMs: 1_000 };

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function listen(): Promise<{ port: number; connections(): Promise<number> }> {
  const { server } = createServer({
    limits: LIMITS,
    handler: (req, res) => req.resume().on('end', () => res.end('{"ok":true}')),
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  return { port: (server.address() as AddressInfo).port, connections };
}

/**
 * Sends raw bytes and resolves with everything the server wrote before closing;
 * with dripEveryMs, keeps sending one more body byte at that interval until then.
 */
function raw(port: number, request: string, options: { dripEveryMs?: number } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    const drip =
      options.dripEveryMs === undefined ? undefined : setInterval(() => socket.write('a'), options.dripEveryMs);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const done = () => {
      clearInterval(drip);
      resolve(received);
    };
    socket.on('close', done);
    socket.on('error', done);
  });
}

describe('createServer limits', () => {
  it('answers 413 JSON to a declared body over the limit without reading it, and 411 to a chunked body', async () => {
    const { port } = await listen();
    const big = await raw(port, 'POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 1073741824\r\n\r\n');
    expect(big).toMatch(/^HTTP\/1\.1 413 /);
    expect(big).toContain('"message":"Request bodies are limited to 1024 bytes."');
    const chunked = await raw(
      port,
      'POST /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n',
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 411 /);
    const small = await raw(port, 'POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello');
    expect(small).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('refuses connections beyond the cap, so idle connections cannot take every file descriptor', async () => {
    const { port, connections } = await listen();
    const connect = () =>
      new Promise<net.Socket>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
      });
    const idle = await Promise.all(Array.from({ length: LIMITS.maxConnections }, connect));
    // The server must have counted them before the one over the cap arrives.
    await expect.poll(connections, { interval: 5 }).toBe(LIMITS.maxConnections);
    const over = await raw(port, 'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n');
    expect(over).toBe('');
    idle.forEach((socket) => socket.destroy());
    await expect.poll(connections, { interval: 5 }).toBe(0);
    expect(await raw(port, 'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('cuts a client that never finishes its headers (slowloris) instead of holding it', async () => {
    const { port } = await listen();
    const held = await raw(port, 'GET / HTTP/1.1\r\nHost: a\r\n');
    // Node answers 408 when the request timeout passes before the head is complete.
    expect(held).toMatch(/^HTTP\/1\.1 408 |^$/);
  }, 10_000);

  it('cuts a body sent one byte a second at REQUEST_TIMEOUT_MS instead of holding it for minutes', async () => {
    const { port } = await listen();
    const started = Date.now();
    const received = await raw(port, 'POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 1000\r\n\r\n', {
      dripEveryMs: 1_000,
    });
    const cut = { received, afterMs: Date.now() - started };
    // Node answers 408 (or just closes) once the whole request has taken longer than requestTimeout.
    expect(cut.received).toMatch(/^HTTP\/1\.1 408 |^$/);
    expect(cut.afterMs).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 100);
    expect(cut.afterMs).toBeLessThan(LIMITS.requestTimeoutMs + 2_000);
  }, 10_000);
});

/** Starts the fixture; resolves with its port once it listens. */
async function startFixture(args: string[]) {
  const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const port = await new Promise<number>((resolve) => {
    child.stdout.on('data', () => {
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  /** Resolves once the fixture has printed `text` (its log lines say what it is doing). */
  const printed = (text: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!output.includes(text)) return;
        child.stdout.off('data', check);
        child.stderr.off('data', check);
        resolve();
      };
      child.stdout.on('data', check);
      child.stderr.on('data', check);
      check();
    });
  return { child, port, exited, printed, output: () => output };
}

/** One keep-alive connection: send a request, read one whole response (Content-Length bodies). */
function keepAliveClient(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffered = '';
  let closed = false;
  const waiting: Array<() => void> = [];
  const wake = () => waiting.splice(0).forEach((resolve) => resolve());
  socket.on('data', (chunk) => {
    buffered += chunk.toString();
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  const response = async (): Promise<string> => {
    for (;;) {
      const head = buffered.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(buffered)?.[1] ?? NaN);
      if (head !== -1 && buffered.length >= head + 4 + length) {
        const whole = buffered.slice(0, head + 4 + length);
        buffered = buffered.slice(whole.length);
        return whole;
      }
      if (closed) throw new Error(`closed before a whole response: ${JSON.stringify(buffered)}`);
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  return {
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: a\r\n\r\n`),
    response,
    closed: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => socket.once('close', () => resolve()))),
    destroy: () => socket.destroy(),
  };
}

describe('createServer draining', () => {
  // Answers /slow when told to, anything else at once.
  async function drainable() {
    const held: Array<() => void> = [];
    const arrived: Array<() => void> = [];
    const serving = createServer({
      limits: LIMITS,
      handler: (req, res) => {
        arrived.splice(0).forEach((resolve) => resolve());
        if (req.url === '/slow') held.push(() => res.end('{"slow":true}'));
        else if (req.url === '/begun') {
          res.writeHead(200, { 'Content-Length': '14' }).flushHeaders();
          held.push(() => res.end('{"begun":true}'));
        } else res.end('{"ok":true}');
      },
    });
    servers.push(serving.server);
    await new Promise<void>((resolve) => serving.server.listen(0, '127.0.0.1', resolve));
    return {
      port: (serving.server.address() as AddressInfo).port,
      draining: serving.draining,
      arrival: () => new Promise<void>((resolve) => arrived.push(resolve)),
      release: () => held.splice(0).forEach((answer) => answer()),
    };
  }

  it('closes a kept-alive connection after the answer in flight when the drain began', async () => {
    const server = await drainable();
    const client = keepAliveClient(server.port);
    client.send('/');
    expect(await client.response()).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: keep-alive/i);
    const arrived = server.arrival();
    client.send('/slow');
    await arrived;
    server.draining();
    server.release();
    const answer = await client.response();
    expect(answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: close[\s\S]*\{"slow":true\}$/i);
    await client.closed();
  });

  it('closes a kept-alive connection whose answer had begun when the drain began, once it ends', async () => {
    const server = await drainable();
    const client = keepAliveClient(server.port);
    const arrived = server.arrival();
    client.send('/begun');
    await arrived;
    server.draining();
    server.release();
    // Its head already said keep-alive; the connection is closed as soon as it is idle,
    // not when the keep-alive timeout (5 s) would close it.
    expect(await client.response()).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: keep-alive[\s\S]*\{"begun":true\}$/i);
    const keepAliveWouldClose = new Promise((resolve) => setTimeout(resolve, 2_500, 'still open'));
    expect(await Promise.race([client.closed().then(() => 'closed'), keepAliveWouldClose])).toBe('closed');
  });

  it('still finds a kept-alive connection after others have come and gone', async () => {
    const server = await drainable();
    const client = keepAliveClient(server.port);
    client.send('/');
    await client.response();
    for (let i = 0; i < 50; i++) {
      const passing = keepAliveClient(server.port);
      passing.send('/');
      await passing.response();
      passing.destroy();
      await passing.closed();
    }
    const arrived = server.arrival();
    client.send('/slow');
    await arrived;
    server.draining();
    server.release();
    expect(await client.response()).toMatch(/connection: close/i);
    await client.closed();
  });

  it('answers a request that comes during the drain on a kept-alive connection, then closes it', async () => {
    const server = await drainable();
    const client = keepAliveClient(server.port);
    const other = keepAliveClient(server.port);
    client.send('/');
    other.send('/');
    await Promise.all([client.response(), other.response()]);
    // Another connection's request keeps the drain from closing this one as idle.
    const arrived = server.arrival();
    other.send('/slow');
    await arrived;
    server.draining();
    client.send('/');
    expect(await client.response()).toMatch(/^HTTP\/1\.1 200 [\s\S]*connection: close/i);
    await client.closed();
    server.release();
    expect(await other.response()).toMatch(/connection: close/i);
    await other.closed();
  });
});

describe('serve + exitOnSignals in a process', () => {
  it('a client slower than SHUTDOWN_DRAIN_MS is cut when the drain ends; the process still exits 0', async () => {
    const fixture = await startFixture(['60000', '300']);
    const slow = fetch(`http://127.0.0.1:${fixture.port}/slow`).then(
      (response) => response.status,
      () => 'cut',
    );
    await fixture.printed('slow request in');
    fixture.child.kill('SIGTERM');
    expect(await fixture.exited).toBe(0);
    expect(await slow).toBe('cut');
    expect(fixture.output()).toContain('drain time over');
    expect(fixture.output()).toContain('deps closed');
  });

  it('on SIGTERM (twice): refuses new connections, finishes the in-flight request, closes deps, exits 0', async () => {
    const fixture = await startFixture(['800']);
    const inFlight = fetch(`http://127.0.0.1:${fixture.port}/slow`).then(async (response) => [
      response.status,
      await response.text(),
    ]);
    await fixture.printed('slow request in');
    fixture.child.kill('SIGTERM');
    await fixture.printed('draining');
    fixture.child.kill('SIGTERM');
    expect(await fixture.exited).toBe(0);
    expect(await inFlight).toEqual([200, '{"path":"/slow"}']);
    expect(fixture.output()).toContain('SIGTERM ignored, already stopping');
    expect(fixture.output().indexOf('deps closed')).toBeGreaterThan(fixture.output().indexOf('draining'));
    await expect(fetch(`http://127.0.0.1:${fixture.port}/`)).rejects.toThrow();
  });
});
