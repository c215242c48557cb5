// The project's OpenAPI document against the OpenAPI 3.1 schema, and the contract rules
// it carries (exact error sentences, required headers) checked on hand-made responses.
import { describe, expect, it } from 'vitest';
import { createResponseValidator, pathTemplateFor, validateDocument } from '@ira/testing/openapi-validate';
import { openapiDocument } from './document.ts';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'abc' };
const RATE_HEADERS = { ...JSON_HEADERS, ratelimit: '"general";r=9;t=60', 'ratelimit-policy': '"general";q=10;w=60' };
// Every error is no-store (packages/core/src/runtime/middleware/error-handler.ts).
const ERROR_HEADERS = { ...JSON_HEADERS, 'cache-control': 'no-store' };
// What the edge adds to content responses (apps/edge/src/content-response/validators.ts).
const CONTENT_HEADERS = {
  ...RATE_HEADERS,
  etag: 'W/"0123456789abcdef-AAAAAAAAAAAAAAAAAAAAAA"',
  'cache-control': 'private, max-age=3600',
  vary: 'Accept-Encoding, X-API-Key',
};
const rateLimit = { category: 'general', limit: 10, remaining: 9, nextResetAt: '2025-01-01T00:01:00.000Z' };
const apiInfo = {
  usage: 'GET /api/v1/asma-ul-husna/{number}?api_key=YOUR_API_KEY',
  version: 'v1',
  docs: 'http://localhost:4321/docs',
};
const name = {
  number: 1,
  name: 'Ar-Rahman',
  languages: {
    en: { arabic: 'ٱلرَّحْمَـٰنُ', transliteration: 'Ar-Rahman', translation: 'The Most Gracious', meaning: 'x' },
    bn: { transliteration: 'আর-রহমান', translation: 'পরম দয়ালু', meaning: 'y' },
  },
};

describe('openapiDocument as OpenAPI 3.1', () => {
  it('accepts the project document as OpenAPI 3.1', async () => {
    const result = await validateDocument(openapiDocument);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('rejects a document that breaks the OpenAPI schema', async () => {
    const broken = { ...openapiDocument, paths: { '/x': { get: { responses: { '200': { content: {} } } } } } };
    expect((await validateDocument(broken)).valid).toBe(false);
  });
});

describe('openapiDocument responses', () => {
  const validate = createResponseValidator(openapiDocument);

  it('accepts a conforming name body and rejects a missing field', () => {
    const body = {
      success: true,
      service: 'asma-ul-husna',
      data: name,
      timestamp: '2025-01-01T00:00:00.000Z',
      api_info: apiInfo,
      rateLimit,
    };
    expect(validate('GET', '/api/v1/asma-ul-husna/{number}', 200, CONTENT_HEADERS, body)).toEqual([]);
    const { rateLimit: _dropped, ...withoutRateLimit } = body;
    expect(validate('GET', '/api/v1/asma-ul-husna/{number}', 200, CONTENT_HEADERS, withoutRateLimit).join()).toMatch(
      /rateLimit/,
    );
    expect(validate('GET', '/api/v1/asma-ul-husna/{number}', 200, RATE_HEADERS, body).join()).toMatch(
      /ETag is required/,
    );
  });

  it('rejects an arabic field under languages.bn (spec: bn carries no arabic)', () => {
    const bad = { ...name, languages: { ...name.languages, bn: { ...name.languages.bn, arabic: 'x' } } };
    const body = {
      success: true,
      service: 'asma-ul-husna',
      data: bad,
      timestamp: '2025-01-01T00:00:00.000Z',
      api_info: apiInfo,
      rateLimit,
    };
    expect(validate('GET', '/api/v1/asma-ul-husna/{number}', 200, RATE_HEADERS, body)).not.toEqual([]);
  });

  it('holds the 401 body to the exact spec sentence', () => {
    const ok = { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' };
    expect(validate('GET', '/api/v1/qibla', 401, ERROR_HEADERS, ok)).toEqual([]);
    expect(validate('GET', '/api/v1/qibla', 401, ERROR_HEADERS, { ...ok, message: 'nope' })).not.toEqual([]);
    // An error a shared cache may keep is refused.
    expect(validate('GET', '/api/v1/qibla', 401, JSON_HEADERS, ok).join()).toMatch(/Cache-Control/);
    expect(validate('GET', '/api/v1/qibla', 401, { ...JSON_HEADERS, 'cache-control': 'max-age=60' }, ok)).not.toEqual(
      [],
    );
  });

  it('accepts only the `error` field on prayer-time 400s', () => {
    expect(
      validate('GET', '/api/v1/prayer-time', 400, ERROR_HEADERS, {
        error: 'lat and lon must be valid numeric coordinates',
      }),
    ).toEqual([]);
    expect(validate('GET', '/api/v1/prayer-time', 400, ERROR_HEADERS, { success: false, error: 'x' })).not.toEqual([]);
  });

  it('requires Retry-After on 429', () => {
    const body = {
      success: false,
      error: 'Too Many Requests',
      message: 'Slow down.',
      rateLimit: { ...rateLimit, remaining: 0 },
    };
    expect(
      validate(
        'GET',
        '/api/v1/quran/surahs',
        429,
        { ...RATE_HEADERS, 'cache-control': 'no-store', 'retry-after': '3' },
        body,
      ),
    ).toEqual([]);
    expect(
      validate('GET', '/api/v1/quran/surahs', 429, { ...RATE_HEADERS, 'cache-control': 'no-store' }, body).join(),
    ).toMatch(/Retry-After/);
  });

  it('uses the shared 405 response for undocumented methods', () => {
    const body = { success: false, error: 'Method Not Allowed', message: 'POST is not allowed.' };
    expect(validate('POST', '/api/v1/quran/surahs', 405, { ...ERROR_HEADERS, allow: 'GET, HEAD' }, body)).toEqual([]);
    expect(validate('POST', '/api/v1/quran/surahs', 405, ERROR_HEADERS, body).join()).toMatch(/Allow/);
  });

  it('reports undocumented statuses', () => {
    expect(validate('GET', '/api/v1/quran/surahs', 418, JSON_HEADERS, {})).toEqual([
      'GET /api/v1/quran/surahs: status 418 is not documented',
    ]);
  });
});

describe('openapiDocument path templates', () => {
  it('prefers concrete paths over templates', () => {
    expect(pathTemplateFor('/api/v1/asma-ul-husna/random', openapiDocument)).toBe('/api/v1/asma-ul-husna/random');
    expect(pathTemplateFor('/api/v1/asma-ul-husna/7', openapiDocument)).toBe('/api/v1/asma-ul-husna/{number}');
    expect(pathTemplateFor('/api/v1/quran/verse/random', openapiDocument)).toBe('/api/v1/quran/verse/random');
    expect(pathTemplateFor('/api/v1/quran/verse/002255/audio', openapiDocument)).toBe('/api/v1/quran/verse/{id}/audio');
    expect(pathTemplateFor('/api/v1/audio/quran/alafasy/001001.mp3', openapiDocument)).toBe(
      '/api/v1/audio/quran/{reciter}/{id}.mp3',
    );
    expect(pathTemplateFor('/nope', openapiDocument)).toBeNull();
  });
});
