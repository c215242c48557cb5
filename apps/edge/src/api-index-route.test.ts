// GET /api/v1 (and /api/v1/), the URL `npm start` prints: an index of every endpoint, no key,
// read from the OpenAPI document, with links to it and to the portal's docs.
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from './testing/edge-harness.ts';

let edge: Edge;
beforeAll(async () => {
  edge = await startEdge({ PUBLIC_URL: 'https://api.example.org', PORTAL_URL: 'https://portal.example.org' });
});
afterAll(() => edge.close());

describe('GET /api/v1', () => {
  it.each(['/api/v1', '/api/v1/'])('%s answers without a key, and the same with one', async (path) => {
    const { status, headers, body } = await getJson(`${edge.url}${path}`, null);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    const withKey = await getJson(`${edge.url}${path}`, await edge.key());
    expect(withKey.status).toBe(200);
    expect(withKey.body).toEqual(body);
  });

  it('links the OpenAPI document and the docs of this deployment, and says how to get a key', async () => {
    const { body } = await getJson(`${edge.url}/api/v1`, null);
    expect(body).toMatchObject({
      name: 'Islamic Reference API',
      version: openapiDocument.info.version,
      base_url: 'https://api.example.org',
      openapi: 'https://api.example.org/api/v1/openapi.json',
      docs: 'https://portal.example.org/docs',
    });
    expect(body.authentication).toContain('X-API-Key');
    expect(body.authentication).toContain('https://portal.example.org/signup');
  });

  it('lists every operation of the OpenAPI document once: path, summary, category, key, docs anchor', async () => {
    const { body } = await getJson(`${edge.url}/api/v1/`, null);
    const documented = Object.entries(openapiDocument.paths).flatMap(([path, item]) => (item.get ? [path] : []));
    expect(body.endpoints.map((endpoint: { path: string }) => endpoint.path)).toEqual(documented);
    expect(body.endpoints).toContainEqual({
      path: '/api/v1/prayer-time',
      summary: (openapiDocument.paths['/api/v1/prayer-time'] as { get: { summary: string } }).get.summary,
      category: 'calculation',
      key: true,
      docs: 'https://portal.example.org/docs#getPrayerTimes',
    });
    const audio = body.endpoints.find((endpoint: { path: string }) => endpoint.path.startsWith('/api/v1/audio/'));
    expect(audio).toMatchObject({ category: null, key: false });
    expect(body.endpoints.find((endpoint: { path: string }) => endpoint.path === '/api/v1')).toMatchObject({
      key: false,
    });
  });

  it('is cacheable: Cache-Control as openapi.json, a strong ETag, 304 for If-None-Match', async () => {
    const first = await fetch(`${edge.url}/api/v1`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(`${edge.url}/api/v1/`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});
