// Every error body (spec "Errors", docs/api-decisions.md): the spec's exact bodies where it
// gives one, `{ success: false, error: <reason phrase>, message }` elsewhere.
import { ref, type Schema } from './schemas.ts';

function generic(error: string, message?: Schema): Schema {
  return {
    type: 'object',
    required: ['success', 'error', 'message'],
    additionalProperties: false,
    properties: {
      success: { const: false },
      error: { const: error },
      message: message ?? { type: 'string', minLength: 1 },
    },
  };
}

// A `city` that matches several places alike: the places to choose from, as `place=<id>`.
const candidates: Schema = {
  candidates: { type: 'array', minItems: 2, maxItems: 5, items: ref('PlaceCandidate') },
};

function withCandidates(body: Schema): Schema {
  return { ...body, properties: { ...(body.properties as Schema), ...candidates } };
}

export const errorSchemas: Record<string, Schema> = {
  Unauthorized: {
    ...generic('Unauthorized', { const: 'Invalid or missing API key.' }),
    description: 'Same body on every endpoint.',
  },
  TooManyRequests: {
    type: 'object',
    required: ['success', 'error', 'message', 'rateLimit'],
    additionalProperties: false,
    properties: {
      success: { const: false },
      error: { const: 'Too Many Requests' },
      message: { type: 'string', minLength: 1 },
      rateLimit: { allOf: [ref('RateLimit')], properties: { remaining: { const: 0 } } },
    },
  },
  BadRequest: generic('Bad Request'),
  NotFound: generic('Not Found'),
  MethodNotAllowed: generic('Method Not Allowed'),
  InternalError: generic('Internal Server Error'),
  ServiceUnavailable: generic('Service Unavailable'),
  BadGateway: generic('Bad Gateway'),
  GatewayTimeout: generic('Gateway Timeout'),
  AudioForbidden: generic('Forbidden', { enum: ['Invalid audio signature.', 'Audio link has expired.'] }),
  QiblaBadRequest: withCandidates(
    generic('Bad Request', {
      type: 'string',
      minLength: 1,
      examples: [
        'lat and lon are required and must be valid numbers.',
        'date must be a real date as YYYY-MM-DD (the day of the magnetic declination; default today, UTC).',
      ],
    }),
  ),
  NamesError: {
    type: 'object',
    description: "The 99 Names errors keep the spec's exact two-field body.",
    required: ['success', 'error'],
    additionalProperties: false,
    properties: { success: { const: false }, error: { type: 'string', minLength: 1 } },
  },
  PrayerTimeError: {
    type: 'object',
    description: 'Prayer-time 400s carry only `error` (the spec says "only error field").',
    required: ['error'],
    additionalProperties: false,
    properties: {
      error: {
        type: 'string',
        minLength: 1,
        examples: ['lat and lon must be valid numeric coordinates'],
      },
      ...candidates,
    },
  },
};
