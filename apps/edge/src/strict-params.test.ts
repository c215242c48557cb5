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

describe('a parameter the endpoint does not take → 400 naming it, never an answer that ignored it', () => {
  it.each([
    ['/quran/surah/2?page=2', 'page', '/api/v1/quran/surah/{number}'],
    ['/quran/verse/2:255?translation=en.sahih', 'translation', '/api/v1/quran/verse/{id}'],
    ['/quran/search?q=mercy&translations=id.indonesian', 'translations', '/api/v1/quran/search'],
    ['/quran/verses?from=2:255&to=2:256&limit=2', 'limit', '/api/v1/quran/verses'],
    ['/quran/translations?lang=en', 'lang', '/api/v1/quran/translations'],
    ['/asma-ul-husna/1?lang=ar', 'lang', '/api/v1/asma-ul-husna/{number}'],
  ])('%s → 400 naming %s', async (pathAndQuery, name, path) => {
    const { status, body } = await get(pathAndQuery);
    expect(status).toBe(400);
    expect(body.message ?? body.error).toMatch(new RegExp(`^${name} is not a parameter of ${path} \\(`));
  });

  it('says when the endpoint takes none, in the form of its other errors', async () => {
    const { status, body } = await get('/asma-ul-husna?limit=10');
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: 'limit is not a parameter of /api/v1/asma-ul-husna (it takes none).',
    });
    expect((await get('/quran/surahs?lang=en')).body).toMatchObject({
      error: 'Bad Request',
      message: 'lang is not a parameter of /api/v1/quran/surahs (it takes none).',
    });
  });

  it('is not bypassed by an answer kept for the same path without it', async () => {
    expect((await get('/quran/verse/2:255')).status).toBe(200);
    expect((await get('/quran/verse/2:255')).status).toBe(200);
    expect((await get('/quran/verse/2:255?page=1')).status).toBe(400);
  });

  it('takes the key as api_key in the query', async () => {
    const response = await fetch(`${edge.url}/api/v1/quran/verse/2:255?api_key=${key}`);
    expect(response.status).toBe(200);
  });
});
