// The Quran part of the OpenAPI document says what the data is: whose sajda
// classification, which revelation-place convention, what the transliteration keeps,
// and which reciters a deployment can actually serve (no promise of absent audio).
import { describe, expect, it } from 'vitest';
import { createResponseValidator } from '@ira/testing/openapi-validate';
import { openapiDocument } from './document.ts';
import { contentSchemas, type Schema } from './schemas.ts';

// What every keyed content response carries, caching headers included.
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'x-request-id': 'abc',
  ratelimit: '"general";r=9;t=60',
  'ratelimit-policy': '"general";q=10;w=60',
  etag: 'W/"0123456789abcdef-reciters"',
  'cache-control': 'private, max-age=3600',
  vary: 'Accept-Encoding, X-API-Key',
};
const envelope = (data: unknown) => ({
  success: true,
  service: 'quran',
  count: 1,
  data,
  timestamp: '2025-01-01T00:00:00.000Z',
  api_info: {
    usage: 'GET /api/v1/quran/reciters?api_key=YOUR_API_KEY',
    version: 'v1',
    docs: 'http://localhost:4321/docs',
    attribution: 'x',
  },
  rateLimit: { category: 'general', limit: 10, remaining: 9, nextResetAt: '2025-01-01T00:01:00.000Z' },
});
const property = (schema: string, name: string) =>
  (contentSchemas[schema]?.properties as Record<string, Schema>)[name] as Schema;

describe('Quran documentation in the OpenAPI document', () => {
  it("names the sajda classification (Ja'fari) and how other schools differ", () => {
    const sajda = JSON.stringify(property('Verse', 'sajda'));
    expect(sajda).toMatch(/Ja'fari/);
    expect(sajda).toMatch(/Hanafi/);
    expect(sajda).toMatch(/"classification"/);
  });

  it('states the revelation-place convention and the plain transliteration', () => {
    expect(property('Surah', 'revelation_type').description).toMatch(/Egyptian standard edition.*13, 55, 76 and 99/);
    expect(property('Verse', 'transliteration').description).toMatch(/plain|no long-vowel/i);
  });

  it('requires each reciter to say whether this deployment has its audio, and promises no Bengali audio', () => {
    const validate = createResponseValidator(openapiDocument);
    const reciter = {
      id: 'bengali-muhiuddin-khan',
      name: 'Bengali translation (Muhiuddin Khan)',
      language: 'bengali',
      style: 'translation',
      bitrate: 64,
    };
    const audio = { source: 'local', host: null, verses: 0, available: false };
    expect(validate('GET', '/api/v1/quran/reciters', 200, HEADERS, envelope([{ ...reciter, audio }]))).toEqual([]);
    expect(validate('GET', '/api/v1/quran/reciters', 200, HEADERS, envelope([reciter]))).not.toEqual([]);
    const operation = JSON.stringify(openapiDocument.paths['/api/v1/quran/reciters']);
    expect(operation).not.toMatch(/Arabic, English and Bengali audio/);
    expect(operation).toMatch(/audio\.available/);
  });
});
