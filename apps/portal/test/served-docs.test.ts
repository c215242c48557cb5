// What the built portal serves developers works against the deployment it
// documents. The Postman collection (/docs/collection.json), run by newman
// (Postman's own runner, its sandbox and Ajv) against the real API: every request
// runs, every one asserts, none fails; a second run, in the flat layout with a key
// of the default limits and a two-second window, keeps to the key's budget instead
// of meeting 429s. The guides show this deployment's base URL in their examples.
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { GUIDES } from '../src/lib/guides.ts';
import { ERRORS_FOLDER } from '../src/lib/postman-collection.ts';
import { startPortal, type Portal } from './portal-process.ts';
import { startStack, type Stack } from './stack.ts';

// Each request checks at least its status, its type and one thing of its body.
const MIN_ASSERTIONS_PER_REQUEST = 3;

let wrapped: Stack;
let flat: Stack;
let portal: Portal;
let collection: { item: { name: string; item: unknown[] }[]; variable: { key: string; value: string }[] };

beforeAll(async () => {
  [wrapped, flat] = await Promise.all([
    startStack({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_CALCULATION: '100000' }),
    startStack({ RESPONSE_LAYOUT: 'flat', RATE_LIMIT_WINDOW_MS: '2000' }),
  ]);
  portal = await startPortal(wrapped);
  const response = await fetch(new URL('/docs/collection.json', portal.url));
  expect(response.status).toBe(200);
  collection = await response.json();
}, 120_000);

afterAll(async () => {
  await portal?.stop();
  await Promise.all([wrapped?.close(), flat?.close()]);
});

async function keysFor(stack: Stack, limits?: { general: number; calculation: number }) {
  const { key } = await issueKey(stack.deps.store, { userId: null, name: 'newman', ...(limits ? { limits } : {}) });
  // The 429 request spends this one.
  const spare = await issueKey(stack.deps.store, {
    userId: null,
    name: 'spare',
    limits: { general: 1, calculation: 1 },
  });
  return { apiKey: key, limitedApiKey: spare.key };
}

function run(stack: Stack, keys: Record<string, string>): Promise<NewmanRunSummary> {
  const envVar = Object.entries({ ...keys, baseUrl: stack.config.publicUrl }).map(([key, value]) => ({ key, value }));
  return new Promise((resolve, reject) =>
    newman.run({ collection: collection as never, envVar, reporters: [] }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    ),
  );
}

function failuresOf(summary: NewmanRunSummary): string[] {
  return summary.run.failures.map((failure) => `${failure.source?.name ?? '?'}: ${failure.error.message}`);
}

const requestCount = () => collection.item.reduce((count, folder) => count + folder.item.length, 0);

describe('the served Postman collection under newman', () => {
  it('has this deployment as baseUrl and a folder of documented errors', () => {
    expect(collection.variable).toContainEqual(
      expect.objectContaining({ key: 'baseUrl', value: wrapped.config.publicUrl }),
    );
    expect(collection.item.at(-1)?.name).toBe(ERRORS_FOLDER);
  });

  it('passes against the API: every request runs and asserts, 0 failures', async () => {
    const started = Date.now();
    const summary = await run(wrapped, await keysFor(wrapped));
    const { stats } = summary.run;
    expect(failuresOf(summary)).toEqual([]);
    expect(stats.items.total).toBe(requestCount());
    expect(stats.assertions.total).toBeGreaterThanOrEqual(requestCount() * MIN_ASSERTIONS_PER_REQUEST);
    for (const execution of summary.run.executions) {
      expect(execution.response, `${execution.item.name} was sent (not skipped)`).toBeDefined();
      expect(execution.assertions.length, execution.item.name).toBeGreaterThanOrEqual(MIN_ASSERTIONS_PER_REQUEST);
    }
    const refused = summary.run.executions.find((execution) => execution.item.name.startsWith('429'));
    expect(refused?.response.code).toBe(429);
    console.log(
      `newman: ${stats.items.total} requests, ${stats.assertions.total} assertions, ` +
        `${stats.assertions.failed} failed, ${Date.now() - started} ms`,
    );
  });

  it('keeps to a key with the default limits in the flat layout: waits for the window, meets no 429', async () => {
    const summary = await run(flat, await keysFor(flat));
    expect(failuresOf(summary)).toEqual([]);
    const limited = summary.run.executions.filter(
      (execution) => execution.response?.code === 429 && !execution.item.name.startsWith('429'),
    );
    expect(limited.map((execution) => execution.item.name)).toEqual([]);
    expect(summary.run.stats.items.total).toBe(requestCount());
  }, 120_000);
});

describe('the served guides', () => {
  it("put this deployment's URL and layout where their Markdown says {PUBLIC_URL}, {RESPONSE_LAYOUT}", async () => {
    for (const guide of GUIDES) {
      const html = await (await fetch(new URL(`/docs/guides/${guide.slug}`, portal.url))).text();
      expect(html, guide.slug).not.toMatch(/\{PUBLIC_URL\}|%7BPUBLIC_URL%7D|\{RESPONSE_LAYOUT\}|localhost:3000\/api/);
    }
    const quickStart = await (await fetch(new URL('/docs/guides/quick-start', portal.url))).text();
    expect(quickStart).toContain(`<span style="color:#032563">'${wrapped.config.publicUrl}'</span>`);
    expect(quickStart).toContain(`"${wrapped.config.publicUrl}/api/v1/qibla?lat=51.5074&amp;lon=-0.1278"`);
    expect(quickStart).toContain('this one uses <strong><code>wrapped</code></strong>');
    const client = await (await fetch(new URL('/docs/guides/typescript-client', portal.url))).text();
    expect(client).toContain(`<a href="${wrapped.config.publicUrl}/api/v1/openapi.json">`);
  });
});
