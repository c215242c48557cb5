// Hostile input over every endpoint of the OpenAPI document, against the real
// edge and calc processes (embedded SQLite, no other server needed): random
// path segments and query parameters (documented names with any values,
// repeats and unknown names) must only ever get a status the document lists
// for that operation (or the generic JSON 404 for a path no route matches),
// never a 5xx, and every JSON error body must parse.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { openSqliteStore } from '@ira/core/runtime/keys/sqlite-store';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { freePort } from '@ira/testing/free-port';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type Service } from './services.ts';

const RUNS_PER_ENDPOINT = 40;

/** Values people and fuzzers send: numbers of every shape, encodings, traversal, Unicode digits, huge and empty. */
const nasty = fc.constantFrom(
  '0',
  '-1',
  '1.5',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '99999999999999999999',
  '',
  ' ',
  '..',
  '%',
  '%00',
  '\u0000',
  '١٢',
  '<script>',
  "'",
  '[]',
  '{}',
  'null',
  'true',
  '001',
  '114',
  '115',
  '6237',
  '7:1',
  '1:1-2:3',
);
const value = fc.oneof(
  nasty,
  fc.string({ maxLength: 16 }),
  fc.integer({ min: -1e6, max: 1e6 }).map(String),
  fc.double().map(String),
);

interface Operation {
  template: string;
  pathParams: string[];
  queryParams: string[];
  statuses: Set<number>;
}

function operations(): Operation[] {
  return Object.entries(openapiDocument.paths).flatMap(([template, item]) => {
    const get = (item as { get?: { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> } })
      .get;
    if (get === undefined) return [];
    const parameters = get.parameters ?? [];
    return [
      {
        template,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        statuses: new Set(Object.keys(get.responses).map(Number)),
      },
    ];
  });
}

const encode = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%F0'; // a lone surrogate: send an invalid escape instead
  }
};

describe('hostile input on every documented endpoint', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ira-hostile-'));
  const services: Service[] = [];
  let key = '';
  let base = '';

  beforeAll(async () => {
    const store = openSqliteStore(path.join(dir, 'ira.sqlite'));
    key = (
      await issueKey(store, { userId: null, name: 'hostile', limits: { general: 1_000_000, calculation: 1_000_000 } })
    ).key;
    await store.close();
    const [edgePort, calcPort] = [await freePort(), await freePort()];
    const env = { DATA_DIR: dir, PORT: String(edgePort), CALC_PORT: String(calcPort), LOG_LEVEL: 'warn' };
    services.push(await startService('calc', 'calc', calcPort, env));
    services.push(await startService('edge', 'edge', edgePort, env));
    base = `http://127.0.0.1:${edgePort}`;
  });

  afterAll(async () => {
    for (const service of services.reverse()) {
      service.signal('SIGTERM');
      await service.exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  for (const operation of operations()) {
    it(`${operation.template}: only documented statuses, JSON errors, no 5xx`, async () => {
      const query = fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...operation.queryParams, 'api_key', 'zz'), fc.string({ maxLength: 6 })),
          value,
        ),
        { maxLength: 5 },
      );
      const segments = fc.tuple(...operation.pathParams.map(() => value));
      await fc.assert(
        fc.asyncProperty(segments, query, async (segmentValues, pairs) => {
          let url = operation.template;
          operation.pathParams.forEach(
            (name, index) => (url = url.replace(`{${name}}`, encode(segmentValues[index]!))),
          );
          const search = pairs.map(([name, text]) => `${encode(name)}=${encode(text)}`).join('&');
          const response = await fetch(`${base}${url}${search ? `?${search}` : ''}`, {
            headers: { 'X-API-Key': key },
            redirect: 'manual',
          });
          const body = await response.text();
          const json = /json/.test(response.headers.get('content-type') ?? '');
          const genericNotFound = response.status === 404 && json && body.includes('No endpoint at');
          expect(response.status, `${url}?${search} -> ${response.status} ${body.slice(0, 200)}`).toBeLessThan(500);
          expect(
            operation.statuses.has(response.status) || genericNotFound,
            `${url}?${search} -> ${response.status} ${body.slice(0, 200)}`,
          ).toBe(true);
          if (response.status >= 400) expect(() => JSON.parse(body), `${url}?${search}`).not.toThrow();
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    });
  }
});
