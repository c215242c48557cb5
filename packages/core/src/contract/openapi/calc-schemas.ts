// Prayer-time and Qibla bodies in both layouts (spec "Layouts of responses"):
// RESPONSE_LAYOUT=wrapped (default) or flat; the document accepts either (oneOf).
import { ref, type Schema } from './schemas.ts';
import { UMM_AL_QURA_DAYS } from './umm-al-qura-span.ts';

const PRAYERS = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;

const PrayerTime: Schema = {
  type: 'object',
  required: ['utc', 'local'],
  additionalProperties: false,
  description: 'Both null only where the time does not exist that day (polar regions) and the result `note` says why.',
  properties: {
    utc: {
      type: ['string', 'null'],
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
      examples: ['2025-03-01T04:52:00.000Z'],
    },
    local: {
      type: ['string', 'null'],
      pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}$',
      examples: ['2025-03-01T05:52:00'],
    },
  },
};

const PrayerTimeResult: Schema = {
  type: 'object',
  required: ['api_key', 'request', 'timezone', 'hijri', 'times', 'extra'],
  properties: {
    api_key: { type: 'string', description: 'The key used for the request, echoed as sent.' },
    request: {
      type: 'object',
      required: ['lat', 'lon', 'method', 'school', 'date'],
      properties: {
        lat: { type: 'number', minimum: -90, maximum: 90 },
        lon: { type: 'number', minimum: -180, maximum: 180 },
        method: {
          type: 'string',
          description: 'Method used, by name, lower case (also for an Aladhan id or `auto`).',
          examples: ['karachi'],
        },
        school: { type: 'string', enum: ['shafi', 'hanafi'] },
        date: { type: 'string', format: 'date', description: 'Effective local date, YYYY-MM-DD.' },
        highLatitudeRule: { type: 'string' },
        polarResolution: { type: 'string' },
        hijriAdjustment: { type: 'integer', minimum: -2, maximum: 2 },
        imsakMinutes: { type: 'integer', minimum: 0, maximum: 60 },
        fajrAngle: { type: 'number', description: 'Echoed only when sent.' },
        ishaAngle: { type: 'number', description: 'Echoed only when sent.' },
        ishaInterval: { type: 'integer', description: 'Echoed only when sent.' },
        maghribAngle: { type: 'number', description: 'Echoed only when sent.' },
        elevation: { type: 'number', description: 'Metres; echoed only when sent.' },
        tune: {
          type: 'object',
          description: "Minute offsets by time, in the day's order; echoed only when sent.",
          additionalProperties: false,
          properties: Object.fromEntries(
            PRAYERS.map((prayer) => [prayer, { type: 'integer', minimum: -60, maximum: 60 }]),
          ),
        },
        timezone: {
          type: 'string',
          description: 'The `timezone` parameter, canonical spelling; echoed only when sent.',
        },
        place: ref('PlaceEcho'),
      },
    },
    timezone: {
      type: 'string',
      description:
        'IANA zone used: the `timezone` parameter, else the zone at the coordinates ' +
        '(geo-tz; at the North Pole the nautical zone of the longitude).',
      examples: ['Asia/Karachi'],
    },
    hijri: {
      anyOf: [ref('HijriDate'), { type: 'null' }],
      description:
        `The Umm al-Qura date of the day; null outside the official ` +
        `table (${UMM_AL_QURA_DAYS}), with a sentence in \`note\`.`,
    },
    extra: ref('NightTimes'),
    times: {
      type: 'object',
      required: [...PRAYERS],
      additionalProperties: false,
      properties: Object.fromEntries(PRAYERS.map((prayer) => [prayer, ref('PrayerTime')])),
    },
    note: {
      type: 'string',
      description:
        'Present whenever a high-latitude or polar rule changed a time, a ' +
        'time is null, or Fajr or Isha falls on the neighbouring local day.',
    },
  },
};

const PrayerTimeFlat: Schema = {
  ...PrayerTimeResult,
  title: 'Flat layout',
  properties: { ...(PrayerTimeResult.properties as Schema) },
  unevaluatedProperties: false,
};

const PrayerTimeWrapped: Schema = wrapped({
  allOf: [ref('PrayerTimeResult')],
  required: ['timestamp', 'api_info', 'rateLimit'],
  properties: { timestamp: ref('Timestamp'), api_info: ref('ApiInfo'), rateLimit: ref('RateLimit') },
  unevaluatedProperties: false,
});

const Coordinates: Schema = {
  type: 'object',
  required: ['latitude', 'longitude'],
  additionalProperties: false,
  properties: {
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
  },
};

const QiblaResult: Schema = {
  type: 'object',
  required: [
    'qibla_direction',
    'compass_bearing',
    'location',
    'kaaba_coordinates',
    'distance_km',
    'distance_miles',
    'geodesic',
    'note',
    'special_location',
    'magnetic',
  ],
  additionalProperties: false,
  properties: {
    qibla_direction: {
      type: 'string',
      enum: ['North', 'Northeast', 'East', 'Southeast', 'South', 'Southwest', 'West', 'Northwest'],
      description: 'Name of the bearing range, ranges half-open [lo, hi): 22.5 is Northeast, 337.5 is North.',
    },
    compass_bearing: {
      type: 'number',
      minimum: 0,
      exclusiveMaximum: 360,
      description:
        'Degrees from TRUE north, 2 decimals. 0 by convention where ' +
        '`special_location` is `kaaba` or `antipode` (no single direction).',
    },
    location: ref('Coordinates'),
    kaaba_coordinates: ref('Coordinates'),
    distance_km: {
      type: 'number',
      minimum: 0,
      description: 'Great-circle distance (haversine, R = 6371.0088 km), 2 decimals.',
    },
    distance_miles: { type: 'number', minimum: 0 },
    geodesic: {
      type: 'object',
      description:
        'The same on the WGS84 ellipsoid: initial azimuth and length of the geodesic ' +
        "(Karney's algorithm, geographiclib). Differs from the spherical bearing by a " +
        "few tenths of a degree in most places, by degrees near the Kaaba's antipode.",
      required: ['ellipsoid', 'compass_bearing', 'distance_km', 'distance_miles'],
      additionalProperties: false,
      properties: {
        ellipsoid: { const: 'WGS84' },
        compass_bearing: {
          type: 'number',
          minimum: 0,
          exclusiveMaximum: 360,
          description: 'Degrees from TRUE north, 2 decimals.',
        },
        distance_km: { type: 'number', minimum: 0 },
        distance_miles: { type: 'number', minimum: 0 },
      },
    },
    note: {
      type: 'string',
      description:
        'Always says the bearing is from true north; adds a sentence at the Kaaba itself (bearings 0 by ' +
        'convention), at or near its antipode, and at the poles (which way the bearing is measured from).',
    },
    special_location: {
      enum: ['kaaba', 'antipode', 'near_antipode', 'north_pole', 'south_pole', null],
      description:
        'Where one arrow does not say it all; null elsewhere ' +
        '(show an arrow at `compass_bearing`, or `magnetic.compass_bearing` on a compass). ' +
        '`kaaba` (within 15 m): no direction to face; ' +
        '`antipode` (within 1 km of the point opposite the Kaaba): every direction leads to it. ' +
        'In both, every bearing is 0 by convention: show the sentence, not an arrow. ' +
        '`near_antipode` (within 100 km): the way turns by degrees over a few km; ' +
        "show `geodesic.compass_bearing` (the Earth's shape). " +
        '`north_pole`, `south_pole`: the bearing is measured from the meridian of the `lon` sent (see `note`).',
    },
    magnetic: ref('MagneticBearing'),
    request: {
      type: 'object',
      description: 'Present only when a place was sent as `place` or `city`: the place whose coordinates were used.',
      required: ['place'],
      additionalProperties: false,
      properties: { place: ref('PlaceEcho') },
    },
  },
};

/** A calc service's `{ success, service, data, … }` envelope; the wrapped layout adds `rateLimit` inside `data`. */
export function serviceEnvelope(title: string, service: string, dataSchema: string, withRateLimit: boolean): Schema {
  const required = ['success', 'service', 'data', 'timestamp', 'api_info'];
  return {
    type: 'object',
    title,
    required: withRateLimit ? [...required, 'rateLimit'] : required,
    additionalProperties: false,
    properties: {
      success: { const: true },
      service: { const: service },
      data: ref(dataSchema),
      timestamp: ref('Timestamp'),
      api_info: ref('ApiInfo'),
      ...(withRateLimit ? { rateLimit: ref('RateLimit') } : {}),
    },
  };
}

const QiblaFlat: Schema = serviceEnvelope('Flat layout', 'qibla-direction', 'QiblaResult', false);
const QiblaWrapped: Schema = wrapped(serviceEnvelope('Qibla body', 'qibla-direction', 'QiblaResult', true));

/** The wrapped layout: `{ status, ok, url, data }`. */
export function wrapped(data: Schema): Schema {
  return {
    type: 'object',
    title: 'Wrapped layout',
    required: ['status', 'ok', 'url', 'data'],
    additionalProperties: false,
    properties: {
      status: { const: 200 },
      ok: { const: true },
      url: { type: 'string', format: 'uri', description: 'The request URL as called.' },
      data: { type: 'object', ...data },
    },
  };
}

export const calcSchemas: Record<string, Schema> = {
  PrayerTime,
  PrayerTimeResult,
  PrayerTimeFlat,
  PrayerTimeWrapped,
  PrayerTimeResponse: { oneOf: [ref('PrayerTimeWrapped'), ref('PrayerTimeFlat')] },
  Coordinates,
  QiblaResult,
  QiblaFlat,
  QiblaWrapped,
  QiblaResponse: { oneOf: [ref('QiblaWrapped'), ref('QiblaFlat')] },
};
