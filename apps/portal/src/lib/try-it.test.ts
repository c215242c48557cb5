import { describe, expect, it } from 'vitest';
import { openapiDocument } from '@ira/core/openapi/document';
import { buildTryItUrl, callApi, tryItOperations } from './try-it.ts';

const API = 'http://api.example:3000';
const operation = (id: string) => tryItOperations(openapiDocument).find((candidate) => candidate.id === id)!;

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
    expect(buildTryItUrl(API, operation('getName'), { number: '../../admin' })).toEqual({ ok: true, url: `${API}/api/v1/asma-ul-husna/..%2F..%2Fadmin` });
    expect(buildTryItUrl(API, operation('getSurah'), { number: '2', pageSize: '5', lang: '' })).toEqual({ ok: true, url: `${API}/api/v1/quran/surah/2?pageSize=5` });
  });

  it('asks for a missing path parameter', () => {
    expect(buildTryItUrl(API, operation('getVerse'), {})).toEqual({ ok: false, error: 'Fill in id.' });
  });
});

describe('callApi', () => {
  it('sends the key in X-API-Key and pretty-prints JSON', async () => {
    let seen: Headers | undefined;
    const fake = (async (_url: string, init: RequestInit) => {
      seen = new Headers(init.headers);
      return new Response('{"success":true}', { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    const result = await callApi(`${API}/api/v1/asma-ul-husna`, 'ira_live_x', fake);
    expect(seen?.get('x-api-key')).toBe('ira_live_x');
    expect(result).toMatchObject({ status: 200, body: '{\n  "success": true\n}', truncated: false });
  });
});
