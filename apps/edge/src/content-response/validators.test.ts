import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from '../testing/edge-harness.ts';
import { noneMatch, validatorsOf, type Tagged } from './validators.ts';

// Short link lifetime so the "half a lifetime" bound on max-age is visible.
const LINK_LIFETIME_S = 600;
let edge: Edge;
let key: string;

beforeAll(async () => {
  edge = await startEdge({ MEDIA_EXPIRED_TIME: String(LINK_LIFETIME_S) });
  key = await edge.key({ general: 100_000 });
});
afterAll(() => edge.close());

const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  getJson(`${edge.url}${pathAndQuery}`, key, { headers });
const etagOf = async (pathAndQuery: string) => (await get(pathAndQuery)).headers.get('etag');

describe('ETag and Cache-Control on content responses', () => {
  it('a weak tag that ignores the timestamp, rateLimit, the key and parameter order', async () => {
    const first = await get('/api/v1/quran/surah/2?audio=none&lang=english');
    expect(first.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{16}-[\w-]{22}"$/);
    expect(first.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(first.headers.get('vary')).toMatch(/Accept-Encoding.*X-API-Key/);
    await new Promise((resolve) => setTimeout(resolve, 5)); // a later timestamp
    expect(await etagOf('/api/v1/quran/surah/2?lang=english&audio=none')).toBe(first.headers.get('etag'));
    const byQueryKey = await getJson(`${edge.url}/api/v1/quran/surah/2?audio=none&lang=english&api_key=${key}`, null);
    expect(byQueryKey.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  it('differs when the content parameters differ', async () => {
    const tags = await Promise.all(
      [
        '/api/v1/quran/surah/2?audio=none&lang=english',
        '/api/v1/quran/surah/2?audio=none&lang=arabic',
        '/api/v1/quran/surah/2?audio=none&lang=english&pageNumber=2',
        '/api/v1/quran/surah/3?audio=none&lang=english',
        '/api/v1/asma-ul-husna/1',
      ].map(etagOf),
    );
    expect(new Set(tags).size).toBe(tags.length);
  });

  it('If-None-Match gives 304 with no body, and the 304 still counts against the limit', async () => {
    const path = '/api/v1/quran/juz/30?audio=none';
    const first = await get(path);
    const remaining = first.body.rateLimit.remaining;
    const revalidated = await get(path, { 'If-None-Match': first.headers.get('etag')! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBeNull();
    expect(revalidated.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(revalidated.headers.get('ratelimit')).toMatch(new RegExp(`;r=${remaining - 1};`));
    const third = await get(path);
    expect(third.body.rateLimit.remaining).toBe(remaining - 2);
    const stale = await get(path, { 'If-None-Match': 'W/"0000000000000000-other"' });
    expect(stale.status).toBe(200);
  });

  it('bodies with signed links: max-age within half the link lifetime, the tag still stable within it', async () => {
    const first = await get('/api/v1/quran/verse/2:255');
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(LINK_LIFETIME_S / 2);
    expect(first.headers.get('etag')).not.toBe(await etagOf('/api/v1/quran/verse/2:255?audio=none'));
  });

  it('names carry tags too; random answers are never cached; errors carry no tag', async () => {
    expect(await etagOf('/api/v1/asma-ul-husna')).toMatch(/^W\//);
    const random = await get('/api/v1/quran/verse/random');
    expect(random.headers.get('etag')).toBeNull();
    expect(random.headers.get('cache-control')).toBe('no-store');
    const error = await get('/api/v1/quran/surah/999');
    expect(error.status).toBe(404);
    expect(error.headers.get('etag')).toBeNull();
  });
});

describe('noneMatch (RFC 9110 weak comparison)', () => {
  it('matches a weak or strong form of the tag, in a list, and *', () => {
    const tag = 'W/"abc-1"';
    expect(noneMatch('W/"abc-1"', tag)).toBe(true);
    expect(noneMatch('"abc-1"', tag)).toBe(true);
    expect(noneMatch('"x", W/"abc-1" ', tag)).toBe(true);
    expect(noneMatch('*', tag)).toBe(true);
    expect(noneMatch('W/"abc-2"', tag)).toBe(false);
  });
});

describe('validatorsOf', () => {
  const validators = validatorsOf('0123456789abcdef', 600);

  it('keeps a kept answer’s tag for its link generation and makes a new one in the next', () => {
    const kept: Tagged = {};
    const first = validators('/api/v1/quran/verse/2:255', true, 1_000_000, kept);
    expect(kept).toEqual({ etag: first.etag, etagGeneration: Math.floor(1_000 / 300) });
    expect(validators('/api/v1/quran/verse/2:255', true, 1_000_500, kept).etag).toBe(first.etag);
    const next = validators('/api/v1/quran/verse/2:255', true, 1_300_000, kept);
    expect(next.etag).not.toBe(first.etag);
    expect(kept.etag).toBe(next.etag);
  });

  it('gives the same tag to a request that is not kept', () => {
    const kept: Tagged = {};
    expect(validators('/api/v1/asma-ul-husna', false, 5, kept).etag).toBe(
      validators('/api/v1/asma-ul-husna', false, 9).etag,
    );
  });
});
