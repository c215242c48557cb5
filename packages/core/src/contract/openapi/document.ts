// The OpenAPI 3.1 document of every endpoint (docs/operations.md "Service surfaces"). The edge serves it at
// GET /api/v1/openapi.json and the portal renders /docs from it; the
// conformance tests validate real responses against it, which keeps it true.
import { calcSchemas } from './calc-schemas.ts';
import { audioPaths, calcPaths, servicePaths } from './service-paths.ts';
import { errorSchemas } from './error-schemas.ts';
import { holidayPaths } from './holiday-paths.ts';
import { holidaySchemas } from './holiday-schemas.ts';
import { namesPaths, quranPaths } from './content-paths.ts';
import { cachingHeaders, notModified, withContentCaching } from './content-caching.ts';
import { placesPaths } from './places-paths.ts';
import { placesSchemas } from './places-schemas.ts';
import { quranReadPaths } from './quran-read-paths.ts';
import { quranReadSchemas } from './quran-read-schemas.ts';
import { translationPaths } from './translation-paths.ts';
import { translationSchemas } from './translation-schemas.ts';
import { errorResponse } from './operation.ts';
import { contentSchemas, type Schema } from './schemas.ts';
import { timetablePaths } from './timetable-paths.ts';
import { timetableSchemas } from './timetable-schemas.ts';

const DESCRIPTION =
  'Prayer times, Qibla direction, the 99 Names (Asma ul Husna) and the Quran over one read-only JSON API.\n\n' +
  '**Keys.** Every endpoint except signed audio, `/healthz` and this document needs an API key, sent as the ' +
  '`X-API-Key` header (preferred; it wins when both are sent) or the `api_key` query parameter. Missing or ' +
  'invalid key: 401 with the same body everywhere.\n\n' +
  '**Limits.** Each key has a per-window budget per category: `general` (99 Names, Quran, reciters, places) and ' +
  '`calculation` (prayer-time and its calendar, next and feed, Qibla, Hijri). Successful enveloped bodies carry ' +
  '`rateLimit`; every keyed response carries the IETF `RateLimit` and `RateLimit-Policy` headers; a 429 carries ' +
  '`Retry-After` (seconds). 400 and 404 responses count, 401s do not.\n\n' +
  "**Parameters.** A parameter that is sent must be valid, and must be one the endpoint lists (the key's " +
  "`api_key` aside): anything else is a 400 whose sentence begins with the parameter's name.\n\n" +
  '**Errors.** JSON always. Unknown route: 404 `{ success: false, error: "Not Found", message }`. A method other ' +
  'than GET or HEAD: 405 with `Allow: GET, HEAD`. HEAD works wherever GET does. Every response carries ' +
  '`X-Request-Id`. While a store the API depends on is down: 503 with `Retry-After`; `/readyz` says so to load ' +
  'balancers.\n\n' +
  '**Caching.** Names and Quran responses carry a weak `ETag`, `Cache-Control` and `Vary`; send the tag back in ' +
  '`If-None-Match` to get a 304 without a body (it still counts against the limit).\n\n' +
  '**Conventions.** `timestamp` is ISO 8601 UTC. JSON bodies are compressed when the client accepts it: gzip, or br ' +
  'for a client that takes br and not gzip. CORS is off unless the deployment lists origins in CORS_ORIGINS: keep ' +
  'keys out of browser code.';

const headers: Record<string, Schema> = {
  'X-Request-Id': {
    description: 'Echo of a sane incoming X-Request-Id, or a new UUID.',
    required: true,
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'Remaining budget and seconds to reset (IETF httpapi RateLimit header draft).',
    required: true,
    schema: { type: 'string' },
  },
  'RateLimit-Policy': {
    description: "The key's quota and window for this category.",
    required: true,
    schema: { type: 'string' },
  },
  'Retry-After': {
    description: 'Seconds to wait, at least 1.',
    required: true,
    schema: { type: 'string', pattern: '^[1-9]\\d*$' },
  },
  Allow: { description: 'Methods the API accepts.', required: true, schema: { const: 'GET, HEAD' } },
  NoStore: { description: '`no-store`: an error is never cached.', required: true, schema: { const: 'no-store' } },
  PrivateNoStore: {
    description:
      "`private, no-store`: the answer holds the caller's key or usage, so no cache " +
      'keeps it (a shared cache would hand it to the next caller of the same URL).',
    required: true,
    schema: { const: 'private, no-store' },
  },
  VaryApiKey: {
    description: 'X-API-Key (and Accept-Encoding when the answer may be compressed).',
    required: true,
    schema: { type: 'string', pattern: 'X-API-Key' },
  },
  ...cachingHeaders,
};

const responses: Record<string, Schema> = {
  Unauthorized: errorResponse(
    'Unauthorized',
    'Missing or invalid API key: ' +
      '`{ "success": false, "error": "Unauthorized", "message": "Invalid or missing API key." }`.',
  ),
  TooManyRequests: errorResponse(
    'TooManyRequests',
    'The key used its budget for this window; retry after `Retry-After` seconds.',
    {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
      RateLimit: { $ref: '#/components/headers/RateLimit' },
      'RateLimit-Policy': { $ref: '#/components/headers/RateLimit-Policy' },
    },
  ),
  RouteNotFound: errorResponse('NotFound', 'No endpoint at that path.'),
  MethodNotAllowed: errorResponse('MethodNotAllowed', 'The API is read-only: GET and HEAD only.', {
    Allow: { $ref: '#/components/headers/Allow' },
  }),
  InternalError: errorResponse('InternalError', 'Unexpected failure; the detail is logged with the request id.'),
  ServiceUnavailable: errorResponse(
    'ServiceUnavailable',
    'PostgreSQL or Redis is down or does not answer in time; retry after `Retry-After` seconds.',
    {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    },
  ),
  NotModified: notModified,
};

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: { title: string; version: string; summary: string; description: string; license: Schema };
  servers: Schema[];
  security: Record<string, string[]>[];
  tags: { name: string; description: string }[];
  paths: Record<string, Schema>;
  components: Record<'securitySchemes' | 'headers' | 'responses' | 'schemas', Record<string, Schema>>;
}

export const openapiDocument: OpenApiDocument = {
  openapi: '3.1.0',
  jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
  info: {
    title: 'Islamic Reference API',
    version: '1.0.0',
    summary: 'Prayer times, Qibla, the 99 Names and the Quran.',
    description: DESCRIPTION,
    license: { name: 'MIT', identifier: 'MIT' },
  },
  // Served with the deployment's PUBLIC_URL in its place (documentFor), so
  // Postman, Bruno and code generators get a full base URL on import.
  servers: [{ url: '/', description: 'The deployment serving this document (default http://localhost:3000).' }],
  security: [{ ApiKeyHeader: [] }, { ApiKeyQuery: [] }],
  tags: [
    { name: '99 Names', description: 'Asma ul Husna in Arabic, English and Bengali.' },
    {
      name: 'Quran',
      description:
        'Surahs, verses (Uthmani text, Saheeh International English, Muhiuddin Khan Bengali, and on request any of ' +
        "Tanzil's translation editions in 41 languages) and reciters.",
    },
    { name: 'Audio', description: 'Signed audio links: no key, the signature is the credential.' },
    {
      name: 'Prayer times',
      description:
        "Each method's rules as in adhan-js and the authorities; each instant from the sun's position at that instant.",
    },
    { name: 'Qibla', description: 'Bearing to the Kaaba relative to true north, and for a magnetic compass.' },
    { name: 'Hijri calendar', description: 'Umm al-Qura date conversion.' },
    {
      name: 'Places',
      description:
        'Places by name in Latin, Arabic or Bengali script, and the nearest place; data © GeoNames (CC BY 4.0).',
    },
    { name: 'Service', description: 'Health and this document.' },
  ],
  paths: {
    ...withContentCaching({ ...namesPaths, ...quranPaths, ...quranReadPaths, ...translationPaths }),
    ...calcPaths,
    ...timetablePaths,
    ...placesPaths,
    ...holidayPaths,
    ...audioPaths,
    ...servicePaths,
  },
  components: {
    securitySchemes: {
      ApiKeyHeader: {
        type: 'apiKey',
        in: 'header',
        name: 'X-API-Key',
        description: 'Preferred: keeps the key out of logs and URLs.',
      },
      ApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
    },
    headers,
    responses,
    schemas: {
      ...contentSchemas,
      ...quranReadSchemas,
      ...translationSchemas,
      ...calcSchemas,
      ...timetableSchemas,
      ...placesSchemas,
      ...holidaySchemas,
      ...errorSchemas,
    },
  },
};

/** The document as a deployment serves it: `servers` is that deployment's public URL (PUBLIC_URL). */
export function documentFor(publicUrl: string): OpenApiDocument {
  return { ...openapiDocument, servers: [{ url: publicUrl, description: 'This deployment (PUBLIC_URL).' }] };
}
