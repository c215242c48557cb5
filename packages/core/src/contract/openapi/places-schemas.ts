// Bodies of the places endpoints (portal guide "Places"): a place of the gazetteer
// (GeoNames, CC BY 4.0) and the answers of /places and /places/nearest.
import { envelope, ref, type Schema } from './schemas.ts';

const Place: Schema = {
  type: 'object',
  required: [
    'id',
    'name',
    'country',
    'admin1',
    'latitude',
    'longitude',
    'timezone',
    'population',
    'elevation',
    'names',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1, description: 'GeoNames id: stable, what `place=` takes.', examples: [1185241] },
    name: { type: 'string', minLength: 1, examples: ['Dhaka'] },
    country: {
      type: 'object',
      required: ['code', 'name'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2.', examples: ['BD'] },
        name: { type: 'string', minLength: 1, description: 'English (CLDR).', examples: ['Bangladesh'] },
      },
    },
    admin1: {
      type: ['string', 'null'],
      description: 'First-order division (state, province, region), GeoNames admin1; null where it has no name.',
      examples: ['Dhaka Division'],
    },
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
    timezone: {
      type: 'string',
      description: "IANA zone at the place's coordinates (geo-tz): the zone the calculations use.",
      examples: ['Asia/Dhaka'],
    },
    population: { type: 'integer', minimum: 0 },
    elevation: {
      type: ['integer', 'null'],
      description: "Metres: GeoNames' surveyed elevation, else its elevation model's; null where it has neither.",
    },
    names: {
      type: 'object',
      description:
        "The name in Arabic and Bengali script, chosen among GeoNames' " +
        'spellings in that script; null when GeoNames has none.',
      required: ['ar', 'bn'],
      additionalProperties: false,
      properties: { ar: { type: ['string', 'null'] }, bn: { type: ['string', 'null'] } },
    },
  },
};

const NearestPlace: Schema = {
  type: 'object',
  required: [...(Place.required as string[]), 'distance_km'],
  additionalProperties: false,
  properties: {
    ...(Place.properties as Schema),
    distance_km: {
      type: 'number',
      minimum: 0,
      description: 'Great-circle distance from the coordinates sent (haversine, R = 6371.0088 km), 2 decimals.',
    },
  },
};

/** One of the places an ambiguous `city` could mean. */
const PlaceCandidate: Schema = {
  type: 'object',
  required: ['id', 'name', 'country', 'admin1', 'population'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    admin1: { type: ['string', 'null'] },
    population: { type: 'integer', minimum: 0 },
  },
};

/** `request.place` of the calculation endpoints: the place used. */
const PlaceEcho: Schema = {
  type: 'object',
  description: 'The place sent as `place` or resolved from `city`; present only then.',
  required: ['id', 'name', 'country', 'latitude', 'longitude'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', minimum: 1 },
    name: { type: 'string' },
    country: { type: 'string', pattern: '^[A-Z]{2}$' },
    latitude: { type: 'number', minimum: -90, maximum: 90 },
    longitude: { type: 'number', minimum: -180, maximum: 180 },
  },
};

export const placesSchemas: Record<string, Schema> = {
  Place,
  NearestPlace,
  PlaceCandidate,
  PlaceEcho,
  PlaceList: envelope('places', { type: 'array', items: ref('Place') }, true),
  NearestPlaceResponse: envelope('places', ref('NearestPlace')),
};
