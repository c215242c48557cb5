import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { buildTryItUrl, callApi, maskKey, tryItOperations } from './try-it.ts';

const API = 'http://api.example:3000';
const KEY = 'ira_live_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefghi0a1b2c';
const operation = (id: string) => tryItOperations(openapiDocument).find((candidate) => candidate.id === id)!;

function fakeFetch(body: string, seen: Request[] = [], status = 200): typeof fetch {
  return (async (input: Request) => {
    seen.push(input);
    return new Response(body, { status, headers: { 'content-type': 'application/json', 'x-echo': `key=${KEY}` } });
  }) as typeof fetch;
}

describe('tryItOperations', () => {
  it('offers every documented GET except signed audio', () => {
    const ids = tryItOperations(openapiDocument).map((candidate) => candidate.id);
    expect(ids).toContain('getPrayerTimes');
    expect(ids).toContain('getVerseAudio');
    expect(ids).not.toContain('getNameAudio');
  });
});

describe('buildTryItUrl', () => {
  it('fills path parameters (encoded) and non-empty query parameters on the API origin only', () => {
    expect(buildTryItUrl(API, operation('getName'), { number: '../../admin' })).toMatchObject({
      ok: true,
      url: `${API}/api/v1/asma-ul-husna/..%2F..%2Fadmin`,
    });
    expect(buildTryItUrl(API, operation('getSurah'), { number: '2', pageSize: '5', lang: '' })).toEqual({
      ok: true,
      url: `${API}/api/v1/quran/surah/2?pageSize=5`,
      params: { path: { number: '2' }, query: { pageSize: '5' } },
    });
  });

  it('encodes a path parameter only where needed: `2:255` stays `2:255`', () => {
    expect(buildTryItUrl(API, operation('getVerse'), { id: '2:255' })).toMatchObject({
      ok: true,
      url: `${API}/api/v1/quran/verse/2:255`,
    });
  });

  it('asks for a missing path parameter', () => {
    expect(buildTryItUrl(API, operation('getVerse'), {})).toEqual({ ok: false, error: 'Fill in id.' });
  });
});

describe('callApi', () => {
  it('sends the key in X-API-Key to the URL the form shows, and pretty-prints JSON', async () => {
    const seen: Request[] = [];
    const request = buildTryItUrl(API, operation('getSurah'), { number: '../2', pageSize: '5' });
    if (!request.ok) throw new Error(request.error);
    const result = await callApi(API, operation('getSurah'), request.params, KEY, fakeFetch('{"success":true}', seen));
    expect(seen[0]!.headers.get('x-api-key')).toBe(KEY);
    expect(seen[0]!.url).toBe(request.url);
    expect(seen[0]!.redirect).toBe('manual');
    expect(result).toMatchObject({ status: 200, body: '{\n  "success": true\n}', truncated: false });
  });

  it('calls the URL the curl shows, `2:255` unencoded', async () => {
    const seen: Request[] = [];
    const request = buildTryItUrl(API, operation('getVerse'), { id: '2:255' });
    if (!request.ok) throw new Error(request.error);
    const result = await callApi(API, operation('getVerse'), request.params, KEY, fakeFetch('{}', seen));
    expect(seen[0]!.url).toBe(`${API}/api/v1/quran/verse/2:255`);
    expect(result.url).toBe(`${API}/api/v1/quran/verse/2:255`);
  });

  it('masks the key wherever the answer repeats it (echoed api_key, headers)', async () => {
    const request = buildTryItUrl(API, operation('getQibla'), { lat: '1', lon: '2' });
    if (!request.ok) throw new Error(request.error);
    const echoed = JSON.stringify({ data: { api_key: KEY, url: `${API}/api/v1/qibla?api_key=${KEY}` } });
    const result = await callApi(API, operation('getQibla'), request.params, KEY, fakeFetch(echoed));
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(result.body).toContain(`"api_key": "${maskKey(KEY)}"`);
    expect(maskKey(KEY)).toBe('ira_live_AbCd…');
  });

  it('shows error answers too', async () => {
    const request = buildTryItUrl(API, operation('getName'), { number: '100' });
    if (!request.ok) throw new Error(request.error);
    const result = await callApi(
      API,
      operation('getName'),
      request.params,
      KEY,
      fakeFetch('{"success":false,"error":"Name number 100 not found"}', [], 404),
    );
    expect(result).toMatchObject({
      status: 404,
      body: '{\n  "success": false,\n  "error": "Name number 100 not found"\n}',
    });
  });
});
