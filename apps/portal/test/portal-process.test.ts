// The test harness's own promise: startPortal answers with the portal it started,
// even when, between the stack choosing the portal's port and the portal listening
// on it, another server (another suite's edge, which also answers /healthz) took it.
import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPortal, type Portal } from './portal-process.ts';
import { startStack, type Stack } from './stack.ts';

let stack: Stack;
let squatter: http.Server;
let portal: Portal | undefined;

beforeAll(async () => {
  stack = await startStack();
  squatter = http.createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(req.url === '/healthz' ? { status: 'ok' } : { error: 'not the portal' }));
  });
  await new Promise<void>((resolve) => squatter.listen(Number(stack.env.PORTAL_PORT), '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  await new Promise((resolve) => squatter?.close(resolve));
  await stack?.close();
});

it('starts the portal on another port when its port was taken, and answers with the portal', async () => {
  portal = await startPortal(stack);
  expect(new URL(portal.url).port).not.toBe(stack.env.PORTAL_PORT);
  const response = await fetch(new URL('/docs/collection.json', portal.url));
  expect(response.status).toBe(200);
  expect(((await response.json()) as { info: { name: string } }).info.name).toMatch(/Islamic Reference API/);
});
