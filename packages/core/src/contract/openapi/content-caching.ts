// How content responses (99 Names, Quran) may be cached: every such GET documents the
// ETag, Cache-Control and Vary headers and the 304 it answers to If-None-Match.
// Random picks are never cached. Client guide: the portal's caching guide.
import { headerRef, responseRef } from './operation.ts';
import type { Schema } from './schemas.ts';

export const cachingHeaders: Record<string, Schema> = {
  ETag: {
    description:
      'Weak validator from the content tree version and the content parameters (not ' +
      'the timestamp, rateLimit or signed links). Send it back in If-None-Match.',
    required: true,
    schema: { type: 'string', pattern: '^W/"[0-9a-f]+-[\\w-]+"$' },
  },
  'Cache-Control': {
    description:
      '`private, max-age=N`: N is 3600 s for bodies without signed links, otherwise ' +
      "the seconds until the links' half-life; `no-store` for random picks.",
    required: true,
    schema: { type: 'string', pattern: '^(private, max-age=\\d+|no-store)$' },
  },
  Vary: { description: 'Accept-Encoding, X-API-Key.', required: true, schema: { type: 'string' } },
};

export const notModified: Schema = {
  description: 'Not Modified: the If-None-Match tag still matches; no body. Counts against the limit like any request.',
  headers: {
    'X-Request-Id': headerRef('X-Request-Id'),
    ETag: headerRef('ETag'),
    RateLimit: headerRef('RateLimit'),
    'RateLimit-Policy': headerRef('RateLimit-Policy'),
  },
};

const RANDOM = /\/random$/;

/** Adds the caching headers and the 304 to every GET of `paths`. */
export function withContentCaching(paths: Record<string, Schema>): Record<string, Schema> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => {
      const get = item.get as Schema;
      const responses = get.responses as Record<string, Schema>;
      const ok = responses['200'] as Schema;
      const cached = RANDOM.test(path)
        ? { 'Cache-Control': headerRef('Cache-Control') }
        : { ETag: headerRef('ETag'), 'Cache-Control': headerRef('Cache-Control'), Vary: headerRef('Vary') };
      const extra = RANDOM.test(path) ? {} : { '304': responseRef('NotModified') };
      const withHeaders = { ...ok, headers: { ...(ok.headers as Schema), ...cached } };
      return [path, { ...item, get: { ...get, responses: { ...responses, '200': withHeaders, ...extra } } }];
    }),
  );
}
