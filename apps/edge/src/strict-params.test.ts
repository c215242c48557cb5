// A parameter that is present must be valid on the edge's content endpoints too
// (docs/api-decisions.md "Parameters"): one `lang` vocabulary everywhere, and a
// single-valued parameter sent twice or empty is a 400 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from './testing/edge-harness.ts';

let edge: Edge;
let key: string;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 10_000 });
});
afterAll(() => edge.close());

const get = (pathAndQuery: string) => getJson(`${edge.url}/api/v1${pathAndQuery}`, key);

describe('lang takes arabic|english|bengali and ar|en|bn on every endpoint', () => {
  it.each(['/quran/verse/2:255', '/quran/surah/1', '/quran/page/1', '/quran/verses?from=2:255&to=2:256'])(
    '%s?lang=en answers English only',
    async (path) => {
      const { status, body } = await get(`${path}${path.includes('?') ? '&' : '?'}lang=en`);
      expect(status).toBe(200);
      const verse = body.data.verses?.[0] ?? body.data;
      expect(Object.keys(verse.text)).toEqual(['english']);
    },
  );

  it.each(['ar', 'arabic', 'en', 'english', 'bn', 'bengali'])('quran/search?lang=%s → 200', async (lang) => {
    expect((await get(`/quran/search?q=mercy&lang=${lang}`)).status).toBe(200);
  });
});

describe('repeated and empty parameters → 400 naming the parameter', () => {
  it.each([
    ['/asma-ul-husna/search?q=rahman&q=malik', 'q'],
    ['/quran/search?q=mercy&q=lord', 'q'],
    ['/quran/search?q=mercy&lang=en&lang=ar', 'lang'],
    ['/quran/search?q=mercy&surah=1&surah=2', 'surah'],
    ['/quran/surah/1?pageNumber=1&pageNumber=2', 'pageNumber'],
    ['/quran/verse/2:255?audio=none&audio=all', 'audio'],
    ['/quran/verses?from=2:255&from=2:256', 'from'],
  ])('%s → 400 naming %s', async (pathAndQuery, name) => {
    const { status, body } = await get(pathAndQuery);
    expect(status).toBe(400);
    expect(body.message ?? body.error).toBe(`${name} must be sent once, not repeated`);
  });

  it.each([
    ['/quran/surah/1?pageNumber=', 'pageNumber'],
    ['/quran/surah/1?pageSize=', 'pageSize'],
    ['/quran/verse/2:255?lang=', 'lang'],
    ['/quran/verse/2:255?audio=', 'audio'],
    ['/quran/verse/2:255?translations=', 'translations'],
    ['/quran/search?q=mercy&surah=', 'surah'],
  ])('%s → 400 naming %s', async (pathAndQuery, name) => {
    const { status, body } = await get(pathAndQuery);
    expect(status).toBe(400);
    expect(body.message).toMatch(new RegExp(`^${name} `));
  });
});
