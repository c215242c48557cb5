// The checks every keyed route must pass (unkey's runCommonRouteTests habit):
// 401s with the exact body, header wins over query, rateLimit in the body, 429 after N.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from './testing/edge-harness.ts';

const KEYED_ROUTES = [
  '/api/v1/asma-ul-husna',
  '/api/v1/asma-ul-husna/1',
  '/api/v1/asma-ul-husna/random',
  '/api/v1/asma-ul-husna/search?q=rahman',
  '/api/v1/asma-ul-husna/daily',
  '/api/v1/asma-ul-husna/daily/5',
  '/api/v1/quran/surahs',
  '/api/v1/quran/surah/1',
  '/api/v1/quran/reciters',
  '/api/v1/quran/verse/001001',
  '/api/v1/quran/verse/001001/audio',
  '/api/v1/quran/verse/random',
  '/api/v1/quran/verse/2:255',
  '/api/v1/quran/verses?from=2:255&to=2:257',
  '/api/v1/quran/juz/30',
  '/api/v1/quran/hizb/1',
  '/api/v1/quran/rub/106',
  '/api/v1/quran/page/604',
  '/api/v1/quran/ruku/1',
  '/api/v1/quran/manzil/7',
  '/api/v1/quran/sajda',
  '/api/v1/quran/search?q=mercy&lang=en',
];

const UNAUTHORIZED = { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' };
const LIMIT = 3;

describe.each(KEYED_ROUTES)('%s', (route) => {
  // One edge per route keeps the per-address 401 throttle out of the way.
  let edge: Edge;
  beforeAll(async () => {
    edge = await startEdge();
  });
  afterAll(() => edge.close());
  const url = () => `${edge.url}${route}`;
  const withQueryKey = (key: string) => `${url()}${route.includes('?') ? '&' : '?'}api_key=${key}`;

  it('401 with the exact body without a key, with a bad key, and HEAD too', async () => {
    for (const response of [await getJson(url(), null), await getJson(url(), 'ira_live_not-a-real-key')]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual(UNAUTHORIZED);
    }
    expect((await fetch(url(), { method: 'HEAD' })).status).toBe(401);
  });

  it('takes the key from the query, and the header wins when both are sent', async () => {
    const key = await edge.key();
    expect((await getJson(withQueryKey(key), null)).status).toBe(200);
    expect((await getJson(withQueryKey('ira_live_bad'), key)).status).toBe(200);
    expect((await getJson(withQueryKey(key), 'ira_live_bad')).status).toBe(401);
  });

  it('carries rateLimit (category general) and the RateLimit headers; the extra request is a JSON 429', async () => {
    const key = await edge.key({ general: LIMIT });
    for (let i = 1; i <= LIMIT; i++) {
      const { status, headers, body } = await getJson(url(), key);
      expect(status).toBe(200);
      expect(body.rateLimit).toMatchObject({ category: 'general', limit: LIMIT, remaining: LIMIT - i });
      expect(new Date(body.rateLimit.nextResetAt).getTime()).toBeGreaterThan(Date.now());
      expect(headers.get('ratelimit-policy')).toContain('"general";q=3');
    }
    const over = await getJson(url(), key);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      success: false,
      error: 'Too Many Requests',
      rateLimit: { category: 'general', remaining: 0 },
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('answers HEAD like GET, without a body', async () => {
    const key = await edge.key();
    const head = await fetch(url(), { method: 'HEAD', headers: { 'X-API-Key': key } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await head.text()).toBe('');
  });
});
