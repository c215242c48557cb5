// The client against a fake fetch (the end-to-end run against the real API is
// apps/portal/test/sdk.test.ts): the key goes in the header, paths and queries
// are built from the typed parameters, both layouts unwrap to the same object,
// and error answers become ApiResponseError with the API's sentence.
import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { ApiResponseError, createIraClient, expectData, unwrapLayout } from './index.ts';
import { generateSchemaSource } from './generate-schema.ts';

const QIBLA = {
  success: true,
  service: 'qibla-direction',
  data: { qibla_direction: 'East' },
  timestamp: 't',
  api_info: {},
};

function fakeFetch(status: number, body: unknown, seen: Request[] = []) {
  return async (request: Request) => {
    seen.push(request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
}

describe('createIraClient', () => {
  it('sends the key as X-API-Key and builds the URL from typed path and query parameters', async () => {
    const seen: Request[] = [];
    const client = createIraClient({
      baseUrl: 'http://api.test/',
      apiKey: 'ira_live_x',
      fetch: fakeFetch(200, { success: true }, seen),
    });
    await client.GET('/api/v1/quran/surah/{number}', { params: { path: { number: 2 }, query: { pageSize: 5 } } });
    expect(seen[0]!.url).toBe('http://api.test/api/v1/quran/surah/2?pageSize=5');
    expect(seen[0]!.headers.get('X-API-Key')).toBe('ira_live_x');
  });

  it('expectData unwraps the wrapped layout and passes the flat one through', async () => {
    const wrapped = createIraClient({
      baseUrl: 'http://api.test',
      fetch: fakeFetch(200, { status: 200, ok: true, url: 'http://api.test/q', data: { ...QIBLA, rateLimit: {} } }),
    });
    const flat = createIraClient({ baseUrl: 'http://api.test', fetch: fakeFetch(200, QIBLA) });
    const query = { params: { query: { lat: 21, lon: 40 } } };
    expect(expectData(await wrapped.GET('/api/v1/qibla', query)).data.qibla_direction).toBe('East');
    expect(expectData(await flat.GET('/api/v1/qibla', query)).data.qibla_direction).toBe('East');
  });

  it('expectData throws the API sentence with the status', async () => {
    const client = createIraClient({
      baseUrl: 'http://api.test',
      fetch: fakeFetch(401, { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' }),
    });
    const result = await client.GET('/api/v1/asma-ul-husna/{number}', { params: { path: { number: 1 } } });
    expect(() => expectData(result)).toThrow(ApiResponseError);
    expect(() => expectData(result)).toThrow('401: Invalid or missing API key.');
  });
});

describe('unwrapLayout', () => {
  it('leaves bodies that only look partly wrapped alone', () => {
    const body = { status: 'x', data: 1 };
    expect(unwrapLayout(body)).toBe(body);
  });
});

describe('generated types', () => {
  // openapi-typescript over the whole document takes seconds on a busy machine.
  it('cover every path and operation of the OpenAPI document', { timeout: 30_000 }, async () => {
    const source = await generateSchemaSource();
    for (const [path, item] of Object.entries(openapiDocument.paths)) {
      expect(source).toContain(`"${path}": {`);
      expect(source).toContain(
        `get: operations["${String((item as { get: { operationId: string } }).get.operationId)}"]`,
      );
    }
  });
});
