// The built SDK (packages/client/dist, as published) in a browser: a page on another
// origin imports it as an ES module and calls a deployment that lists that origin in
// CORS_ORIGINS. Proves what ships needs nothing of Node and that the key header passes
// the CORS preflight.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { CHROMIUM, CHROMIUM_ARGS, RUN_IN_BROWSER } from './browser-harness.ts';
import { freePort } from '@ira/testing/free-port';
import { startStack, type Stack } from './stack.ts';

const DIST = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@islamic-reference-api/client/package.json')),
  'dist',
);

// The page's own module: what a web app would write (kept as text so no bundler rewrites its import).
const PAGE = `<!doctype html><title>SDK</title><script type="module">
import { ApiError, IslamicReferenceApi } from '/sdk/index.js';
// A failure is returned as text: the test runner cannot map a browser's stack to files.
window.runSdk = (baseUrl, apiKey) => calls(baseUrl, apiKey).catch((error) => ({ failure: String(error) }));
async function calls(baseUrl, apiKey) {
  const api = new IslamicReferenceApi({ baseUrl, apiKey });
  const qibla = await api.qibla({ lat: 51.5, lon: -0.13 });
  const times = await api.prayerTime({ lat: 23.81, lon: 90.41, date: '2025-03-01' });
  const name = await api.name(1);
  const verse = await api.verse('2:255', { lang: 'english', audio: 'none' });
  const error = await api.name(120).catch((caught) => caught);
  return {
    bearing: qibla.compass_bearing,
    timezone: times.timezone,
    name: name.name,
    verse: verse.id,
    error: error instanceof ApiError ? error.status + ' ' + error.message : String(error),
  };
}
</script>`;

/** Serves the page and the SDK's dist/ under /sdk/, as any static host would. */
function servePage(port: number): Promise<http.Server> {
  const server = http.createServer(async (request, response) => {
    const file = /^\/sdk\/([\w.-]+\.js)$/.exec(request.url ?? '')?.[1];
    if (file === undefined) {
      response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
      return;
    }
    const source = await readFile(path.join(DIST, file)).catch(() => null);
    if (source === null) response.writeHead(404).end();
    else response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(source);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

describe.runIf(RUN_IN_BROWSER)('the SDK in a browser', () => {
  let stack: Stack;
  let page: http.Server;
  let browser: Browser;
  let pageUrl: string;

  beforeAll(async () => {
    const pagePort = await freePort();
    pageUrl = `http://127.0.0.1:${pagePort}`;
    [stack, page, browser] = await Promise.all([
      startStack({ CORS_ORIGINS: pageUrl }),
      servePage(pagePort),
      chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    page?.closeAllConnections();
    await new Promise((resolve) => page?.close(resolve));
    await stack?.close();
  });

  it('imports the ES module and returns the resources themselves', async () => {
    const limits = { general: 1000, calculation: 1000 };
    const { key } = await issueKey(stack.deps.store, { userId: null, name: 'sdk-browser', limits });
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    await tab.waitForFunction(() => 'runSdk' in window);
    const result = await tab.evaluate(
      ([baseUrl, apiKey]) =>
        (window as unknown as { runSdk: (...args: string[]) => Promise<unknown> }).runSdk(baseUrl!, apiKey!),
      [stack.config.publicUrl, key],
    );
    expect(result).toEqual({
      bearing: expect.any(Number),
      timezone: 'Asia/Dhaka',
      name: 'Ar-Rahman',
      verse: '002255',
      error: '404 Name number 120 not found',
    });
  });
});
