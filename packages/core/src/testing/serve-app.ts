// Serves a Koa app on a free loopback port for the length of a test file (the middleware tests).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import { afterEach } from 'vitest';

/** Returns `serve(app)`, which listens and resolves with the base URL; every server closes after each test. */
export function useTestServers(): (app: Koa) => Promise<string> {
  const servers: http.Server[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));
  return async (app) => {
    const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
}
