// Prayer time and Qibla (the calc service), signed audio and the keyless
// service routes (healthz, this document).
import { errorResponse, json, keyedGet, pathParam, queryParam } from './operation.ts';
import { lng, placeParameters } from './places-paths.ts';
import { dateOrDateTimeSchema, isoDaySchema, timeZoneSchema, tuneSchema } from './param-schemas.ts';
import type { Schema } from './schemas.ts';

const BASE = '/api/v1';
const METHODS = [
  'mwl',
  'makkah',
  'cairo',
  'karachi',
  'tehran',
  'isna',
  'singapore',
  'turkey',
  'qatar',
  'kuwait',
  'dubai',
  'moonsightingcommittee',
  'other',
];
// Other names people send for a method (adhan's preset names, Aladhan's codes), lower case: the server
// answers with the method's own name (apps/calc/src/methods/method-registry.ts `aliases`).
const METHOD_ALIASES = ['muslimworldleague', 'ummalqura', 'egyptian', 'egypt', 'northamerica', 'moonsighting'];
// Authority methods and Aladhan's numeric method ids, accepted as aliases (apps/calc/README.md).
const AUTHORITY_METHODS = [
  'jafari',
  'gulf',
  'france',
  'russia',
  'jakim',
  'tunisia',
  'algeria',
  'kemenag',
  'morocco',
  'portugal',
  'jordan',
  'kelantan',
  'oman',
  'auto',
];
const ALADHAN_METHOD_IDS = [
  '0',
  '1',
  '2',
  '3',
  '4',
  '5',
  '7',
  '8',
  '9',
  '10',
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '19',
  '20',
  '21',
  '22',
  '23',
  '99',
];

// Required unless `place` or `city` is sent; the examples send them.
const latitude = {
  ...queryParam(
    'lat',
    { type: 'number', minimum: -90, maximum: 90, examples: [24.8607] },
    'Latitude in decimal degrees, -90 to 90 (plain decimals only; `1e3`, ' +
      '`0x10`, `NaN` are rejected). Required unless `place` or `city` is sent.',
  ),
  'x-example': true,
};
const longitude = {
  ...queryParam(
    'lon',
    { type: 'number', minimum: -180, maximum: 180, examples: [67.0011] },
    'Longitude in decimal degrees, -180 to 180. The alias `lng` is ' +
      'accepted in its place. Required unless `place` or `city` is sent.',
  ),
  'x-example': true,
};

export const prayerTimeParameters: Schema[] = [
  latitude,
  longitude,
  lng,
  ...placeParameters,
  queryParam(
    'method',
    {
      type: 'string',
      enum: [...METHODS, ...AUTHORITY_METHODS, ...METHOD_ALIASES, ...ALADHAN_METHOD_IDS],
      default: 'karachi',
    },
    'Calculation method (case-insensitive; the method used is echoed by name, lower case). ' +
      '`makkah` is Umm al-Qura, `isna` is North America. ' +
      "adhan's preset names and Aladhan's codes are aliases: `MuslimWorldLeague` = `mwl`, `UmmAlQura` = `makkah`, " +
      '`Egyptian`/`EGYPT` = `cairo`, `NorthAmerica` = `isna`, `moonsighting` = `moonsightingcommittee`. ' +
      'A number is an Aladhan method id (`17` = `jakim`, `20` = `kemenag`, …). ' +
      '`auto` picks the authority of the country the coordinates are in, ' +
      'or the country of the `place` or `city` (fallback `mwl`), and says so in `note`. ' +
      "Each method's parameters, adjustments and source: see the prayer-times guide.",
  ),
  queryParam(
    'school',
    { type: 'string', enum: ['shafi', 'hanafi'], default: 'shafi' },
    'Madhab for Asr: `shafi` (shadow = 1× object) or `hanafi` (2×).',
  ),
  queryParam(
    'date',
    dateOrDateTimeSchema,
    '`YYYY-MM-DD` or an ISO 8601 date-time (a real day, years 1000 to 9999). ' +
      "Default: today in the location's time zone.",
  ),
  queryParam(
    'highLatitudeRule',
    {
      type: 'string',
      enum: ['middleofthenight', 'seventhofthenight', 'twilightangle', 'recommended'],
      default: 'middleofthenight',
    },
    'How Fajr and Isha are bounded at high latitudes.',
  ),
  queryParam(
    'polarResolution',
    { type: 'string', enum: ['aqrabbalad', 'aqrabyaum', 'unresolved'], default: 'aqrabbalad' },
    'What to do where the sun does not rise or set: nearest workable ' +
      'latitude, nearest workable day, or leave the times null.',
  ),
  queryParam(
    'hijriAdjustment',
    { type: 'integer', minimum: -2, maximum: 2, default: 0 },
    'Days added to the Umm al-Qura date in `hijri`, for a local moon sighting.',
  ),
  queryParam(
    'imsakMinutes',
    { type: 'integer', minimum: 0, maximum: 60, default: 10 },
    'Minutes between `extra.imsak` and Fajr.',
  ),
  ...ownRulesParameters(),
];

/** Your own rules, tune and timezone (apps/calc/src/prayer/custom-rules.ts, tune.ts). */
function ownRulesParameters(): Schema[] {
  const angle = (examples: number[]) => ({ type: 'number', exclusiveMinimum: 0, maximum: 30, examples });
  return [
    queryParam(
      'fajrAngle',
      angle([18]),
      'Your own Fajr twilight angle, degrees below the horizon (greater than 0, at most ' +
        "30). Required with `method=other`; with any other method it replaces the method's.",
    ),
    queryParam(
      'ishaAngle',
      angle([17]),
      'Your own Isha twilight angle (greater than 0, at most 30). With `method=other` give this or ' +
        '`ishaInterval`; with another method it replaces its angle or interval. Not together with `ishaInterval`.',
    ),
    queryParam(
      'ishaInterval',
      { type: 'integer', minimum: 1, maximum: 300, examples: [90] },
      'Isha this many minutes after Maghrib (whole minutes, 1 to 300), instead of a twilight angle.',
    ),
    queryParam(
      'maghribAngle',
      angle([4.5]),
      "Maghrib when the sun is this many degrees below the horizon (as Tehran's 4.5°) instead of at sunset.",
    ),
    queryParam(
      'tune',
      tuneSchema,
      "Your own minute offsets, added before the method's rounding: comma-separated `name:minutes`, " +
        'names fajr, sunrise, dhuhr, asr, maghrib, isha (each once), whole minutes from -60 to 60.',
    ),
    queryParam(
      'elevation',
      { type: 'number', minimum: -500, maximum: 9000, examples: [757] },
      "The place's height in metres (-500 to 9000; default sea level). Sunrise and Maghrib move to the " +
        "horizon seen from that height: by the method's own rule where its authority has one (`morocco`, " +
        '`jordan`), otherwise by the standard dip of the horizon (1.76′ × √metres). Leave it out to match an ' +
        'authority that publishes sea-level times. Fajr, Asr and Isha do not change.',
    ),
    queryParam(
      'timezone',
      timeZoneSchema,
      'An IANA time zone name (tz database: `Europe/London`, `America/New_York`, `Asia/Dhaka`; ' +
        'case-insensitive) ' +
        'for `local` times and the default date, instead of the zone found from the coordinates. Unknown names and ' +
        'bare offsets (`+03:00`, `UTC+3`) are a 400.',
    ),
  ];
}

export const calcPaths: Record<string, Schema> = {
  [`${BASE}/prayer-time`]: keyedGet({
    operationId: 'getPrayerTimes',
    tag: 'Prayer times',
    category: 'calculation',
    service: 'calc',
    body: 'PrayerTimeResponse',
    summary: 'Prayer times for a place and day',
    description:
      "Fajr, sunrise, Dhuhr, Asr, Maghrib and Isha in UTC and local time for the coordinates' time zone. " +
      "Layout follows the deployment's RESPONSE_LAYOUT: `wrapped` (default, with `rateLimit`) or `flat`.",
    usage: 'GET /api/v1/prayer-time?lat=LAT&lon=LON&method=karachi&school=shafi&date=YYYY-MM-DD&api_key=YOUR_API_KEY',
    parameters: prayerTimeParameters,
    errors: {
      '400': errorResponse(
        'PrayerTimeError',
        'Invalid coordinates: `{ "error": "lat and lon must be valid numeric coordinates" }`; ' +
          'unknown method, school, date or rule, a bad angle, interval, tune, elevation or timezone, ' +
          '`method=other` without its rules, or a local date the zone skipped (Pacific/Apia ' +
          '2011-12-30): `error` names the parameter and what it accepts. `place` with coordinates, a ' +
          'bad `place`, `city` or `country`, or a `city` whose matches are alike (with `candidates`).',
      ),
      '404': errorResponse('PrayerTimeError', '`place` not in the gazetteer, or no place matches `city`.'),
    },
  }),
  [`${BASE}/qibla`]: keyedGet({
    operationId: 'getQibla',
    tag: 'Qibla',
    category: 'calculation',
    service: 'calc',
    body: 'QiblaResponse',
    summary: 'Qibla direction and distance',
    description:
      'Great-circle initial bearing from the coordinates to the Kaaba, relative to TRUE north, and the distance; ' +
      '`geodesic` gives both on the WGS84 ellipsoid, and `magnetic` the World Magnetic Model declination and the ' +
      'bearing a magnetic compass should read. Layout follows RESPONSE_LAYOUT like prayer-time.',
    usage: 'GET /api/v1/qibla?lat=LAT&lon=LON&api_key=YOUR_API_KEY',
    parameters: [
      { ...latitude, description: 'Latitude, -90 to 90. Required unless `place` or `city` is sent.' },
      {
        ...longitude,
        description: 'Longitude, -180 to 180 (or its alias `lng`). Required unless `place` or `city` is sent.',
      },
      lng,
      ...placeParameters,
      queryParam(
        'date',
        { ...isoDaySchema, examples: ['2026-06-01'] },
        'Day of the magnetic declination in `magnetic` (YYYY-MM-DD). Default: today (UTC).',
      ),
    ],
    errors: {
      '400': errorResponse(
        'QiblaBadRequest',
        '`lat` or `lon` missing, not a number or out of range; or `date` not a real YYYY-MM-DD; `place` with ' +
          'coordinates, a bad `place`, `city` or `country`, or a `city` whose matches are alike (with `candidates`).',
      ),
      '404': errorResponse('NotFound', '`place` not in the gazetteer, or no place matches `city`.'),
    },
  }),
};

const signatureParameters: Schema[] = [
  queryParam('expires', { type: 'string', pattern: '^\\d{1,10}$' }, 'Expiry, Unix seconds.', true),
  queryParam(
    'signature',
    { type: 'string', pattern: '^[0-9a-f]{64}$' },
    'hex HMAC-SHA256 of `<path>?expires=<expires>`.',
    true,
  ),
];

const audioResponses: Schema = {
  '200': {
    description:
      "The MP3 file (proxied: the upstream's type). `Range` (206), `If-None-Match` / `If-Modified-Since` (304).",
    headers: {
      'Accept-Ranges': { schema: { const: 'bytes' } },
      ETag: { schema: { type: 'string' } },
      'Last-Modified': { schema: { type: 'string' } },
    },
    content: { 'audio/mpeg': { schema: { type: 'string', contentMediaType: 'audio/mpeg' } } },
  },
  '206': {
    description: 'The requested byte range.',
    content: { 'audio/mpeg': { schema: { type: 'string', contentMediaType: 'audio/mpeg' } } },
  },
  '304': { description: 'Not modified.' },
  '403': errorResponse(
    'AudioForbidden',
    '`Invalid audio signature.` (missing, malformed or wrong) or `Audio link has expired.`',
  ),
  '404': errorResponse('NotFound', 'No such audio file.'),
  '416': { description: 'The `Range` cannot be satisfied.' },
  '502': errorResponse('BadGateway', 'The audio upstream failed (proxy mode).'),
  '504': errorResponse('GatewayTimeout', 'The audio upstream timed out (proxy mode).'),
};

function audioGet(operationId: string, summary: string, parameters: Schema[], extra: Schema = {}): Schema {
  return {
    get: {
      operationId,
      tags: ['Audio'],
      summary,
      description:
        'Needs no API key: the signature is the credential, so audio players can fetch it. Links ' +
        'come from the Names and Quran responses and live MEDIA_EXPIRED_TIME seconds (default 3600).',
      security: [],
      parameters: [...parameters, ...signatureParameters],
      responses: { ...audioResponses, ...extra },
    },
  };
}

export const audioPaths: Record<string, Schema> = {
  [`${BASE}/audio/asma-ul-husna/{number}.mp3`]: audioGet('getNameAudio', 'Audio of a name (signed link)', [
    pathParam('number', { type: 'string', pattern: '^\\d{2}$' }, 'Two-digit name number, `01` to `99`.'),
  ]),
  [`${BASE}/audio/quran/{reciter}/{id}.mp3`]: audioGet(
    'getVerseAudioFile',
    'Audio of a verse (signed link)',
    [
      pathParam('reciter', { type: 'string', minLength: 1 }, 'Reciter id.'),
      pathParam('id', { $ref: '#/components/schemas/VerseId' }, 'Verse id, SSSVVV.'),
    ],
    {
      '302': {
        description: "AUDIO_MODE=redirect: to the reciter's upstream.",
        headers: { Location: { required: true, schema: { type: 'string', format: 'uri' } } },
      },
    },
  ),
};

export const servicePaths: Record<string, Schema> = {
  '/healthz': {
    get: {
      operationId: 'health',
      tags: ['Service'],
      summary: 'Liveness',
      description:
        'No key. 200 while the process lives and has started; says nothing about PostgreSQL or Redis (see /readyz).',
      security: [],
      responses: {
        '200': json(
          {
            type: 'object',
            required: ['status'],
            additionalProperties: false,
            properties: { status: { const: 'ok' } },
          },
          'Ready.',
        ),
        '503': json({ type: 'object', required: ['status'], properties: { status: { type: 'string' } } }, 'Starting.'),
      },
    },
  },
  '/readyz': {
    get: {
      operationId: 'ready',
      tags: ['Service'],
      summary: 'Readiness, for load balancers',
      description:
        'No key. 200 when the key store (and Redis, when configured) answer; ' +
        '503 with Retry-After and the list of what does not answer otherwise.',
      security: [],
      responses: {
        '200': json(
          {
            type: 'object',
            required: ['status'],
            additionalProperties: false,
            properties: { status: { const: 'ready' } },
          },
          'Ready.',
        ),
        '503': json(
          {
            type: 'object',
            required: ['status', 'unavailable'],
            additionalProperties: false,
            properties: {
              status: { const: 'unavailable' },
              unavailable: { type: 'array', items: { enum: ['key store', 'Redis'] } },
            },
          },
          'A dependency does not answer.',
          { 'Retry-After': { required: true, schema: { type: 'integer', minimum: 1 } } },
        ),
      },
    },
  },
  [BASE]: {
    get: {
      operationId: 'apiIndex',
      tags: ['Service'],
      summary: 'Index of the endpoints, with links to this document and the docs',
      description:
        'No key (a key sent is ignored); also at `/api/v1/`. Every operation of this document: its path, summary, ' +
        'the limit category it counts against (null without a key), whether it needs a key, and its anchor in the ' +
        "portal's reference; with links to this document (`openapi`) and the docs of this deployment.",
      security: [],
      responses: {
        '200': json(
          {
            type: 'object',
            required: ['name', 'version', 'summary', 'base_url', 'openapi', 'docs', 'authentication', 'endpoints'],
            additionalProperties: false,
            properties: {
              name: { type: 'string' },
              version: { type: 'string' },
              summary: { type: 'string' },
              base_url: { type: 'string', format: 'uri', description: 'PUBLIC_URL of this deployment.' },
              openapi: { type: 'string', format: 'uri' },
              docs: { type: 'string', format: 'uri', description: "The portal's docs (PORTAL_URL)." },
              authentication: { type: 'string' },
              endpoints: {
                type: 'array',
                items: {
                  type: 'object',
                  required: ['path', 'summary', 'category', 'key', 'docs'],
                  additionalProperties: false,
                  properties: {
                    path: { type: 'string', examples: ['/api/v1/prayer-time'] },
                    summary: { type: 'string' },
                    category: { enum: ['general', 'calculation', null] },
                    key: { type: 'boolean', description: 'Whether the endpoint needs an API key.' },
                    docs: { type: 'string', format: 'uri' },
                  },
                },
              },
            },
          },
          'The index.',
          {
            'Cache-Control': { schema: { type: 'string' } },
            ETag: { schema: { type: 'string' } },
          },
        ),
        '304': {
          description: 'Not modified: the `If-None-Match` tag is current; no body.',
          headers: { ETag: { schema: { type: 'string' } } },
        },
      },
    },
  },
  [`${BASE}/openapi.json`]: {
    get: {
      operationId: 'openapi',
      tags: ['Service'],
      summary: 'This OpenAPI 3.1 document',
      description: 'No key.',
      security: [],
      responses: {
        '200': json(
          { type: 'object', required: ['openapi', 'info', 'paths'], properties: { openapi: { const: '3.1.0' } } },
          'The document.',
          {
            'Cache-Control': { schema: { type: 'string' } },
          },
        ),
      },
    },
  },
};
