// HTTP conventions of the whole edge (docs/api-decisions.md "HTTP conventions", §6).
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from './testing/edge-harness.ts';

let edge: Edge;
let key: string;
beforeAll(async () => {
  edge = await startEdge({ CORS_ORIGINS: 'https://app.example' });
  key = await edge.key({ general: 10_000 });
});
afterAll(() => edge.close());

/** Raw bytes and headers as sent (fetch would decompress). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const { port } = new URL(edge.url);
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('service surfaces without a key', () => {
  it('GET /healthz → 200 {"status":"ok"}', async () => {
    const { status, body } = await getJson(`${edge.url}/healthz`, null);
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok' });
  });

  it('GET /api/v1/openapi.json → the OpenAPI 3.1 document', async () => {
    const { status, body } = await getJson(`${edge.url}/api/v1/openapi.json`, null);
    expect(status).toBe(200);
    expect(body.openapi).toBe('3.1.0');
    expect(Object.keys(body.paths)).toContain('/api/v1/quran/surah/{number}');
  });

  it('GET /api/v1/openapi.json names PUBLIC_URL as its server (importable into Postman or Bruno as is)', async () => {
    const { body } = await getJson(`${edge.url}/api/v1/openapi.json`, null);
    expect(body.servers).toEqual([{ url: edge.config.publicUrl, description: 'This deployment (PUBLIC_URL).' }]);
  });
});

describe('HTTP conventions', () => {
  it('404 JSON for an unknown route', async () => {
    const { status, body } = await getJson(`${edge.url}/api/v1/nothing-here`, key);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: 'Not Found' });
    expect(body.message).toContain('/api/v1/nothing-here');
  });

  it('checks the key before routing: an unknown path is 401 without one, 429 spent, 404 with a good one', async () => {
    expect((await getJson(`${edge.url}/api/v1/nothing-here`, null)).status).toBe(401);
    const spent = await edge.key({ general: 1 });
    expect((await getJson(`${edge.url}/api/v1/quran/surahs`, spent)).status).toBe(200);
    expect((await getJson(`${edge.url}/api/v1/nothing-here`, spent)).status).toBe(429);
    expect((await getJson(`${edge.url}/api/v1/nothing-here`, key)).status).toBe(404);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s → 405 JSON with Allow', async (method) => {
    const res = await fetch(`${edge.url}/api/v1/quran/surahs`, { method, headers: { 'X-API-Key': key } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
    expect(await res.json()).toMatchObject({ success: false, error: 'Method Not Allowed' });
  });

  it('405 for a write to the audio route too', async () => {
    expect((await fetch(`${edge.url}/api/v1/audio/asma-ul-husna/01.mp3`, { method: 'DELETE' })).status).toBe(405);
  });

  it('echoes a sane X-Request-Id and makes one otherwise, on errors too', async () => {
    expect(
      (await getJson(`${edge.url}/api/v1/quran/surahs`, key, { headers: { 'X-Request-Id': 'abc-123' } })).headers.get(
        'x-request-id',
      ),
    ).toBe('abc-123');
    const made = (
      await getJson(`${edge.url}/api/v1/quran/surahs`, null, { headers: { 'X-Request-Id': 'bad id with spaces' } })
    ).headers;
    expect(made.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  // Each asked for the first time: a kept answer goes as it is until its one deflate is done.
  it.each([
    ['br', brotliDecompressSync, '/api/v1/quran/surah/2'],
    ['gzip', gunzipSync, '/api/v1/quran/surah/3'],
  ])('compresses large JSON with %s when accepted', async (encoding, decompress, path) => {
    const { headers, body } = await rawGet(path, { 'X-API-Key': key, 'Accept-Encoding': encoding });
    expect(headers['content-encoding']).toBe(encoding);
    expect(JSON.parse(decompress(body).toString('utf8')).data.verses).toHaveLength(20);
  });

  it('sends identity when the client accepts no compression', async () => {
    const { headers, body } = await rawGet('/api/v1/quran/surah/2', { 'X-API-Key': key });
    expect(headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(body.toString('utf8')).success).toBe(true);
  });

  it('sends no X-Powered-By', async () => {
    const { headers } = await getJson(`${edge.url}/api/v1/quran/surahs`, key);
    expect(headers.get('x-powered-by')).toBeNull();
  });

  it('allows CORS only for listed origins', async () => {
    const listed = await getJson(`${edge.url}/api/v1/quran/surahs`, key, {
      headers: { Origin: 'https://app.example' },
    });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const other = await getJson(`${edge.url}/api/v1/quran/surahs`, key, {
      headers: { Origin: 'https://evil.example' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('counts 400 and 404 answers against the limit', async () => {
    const limited = await edge.key({ general: 2 });
    expect((await getJson(`${edge.url}/api/v1/asma-ul-husna/abc`, limited)).status).toBe(400);
    expect((await getJson(`${edge.url}/api/v1/quran/surah/999`, limited)).status).toBe(404);
    expect((await getJson(`${edge.url}/api/v1/quran/surahs`, limited)).status).toBe(429);
  });
});
