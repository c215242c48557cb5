// The gazetteer on the calc service (portal guide "Places"): search by name, the nearest
// place, and the `place`, `city` and `country` parameters the calculation endpoints take.
import { errorResponse, keyedGet, queryParam } from './operation.ts';
import type { Schema } from './schemas.ts';

const BASE = '/api/v1';
const MAX_QUERY_CHARS = 100;

const country = (what: string): Schema =>
  queryParam(
    'country',
    { type: 'string', minLength: 2, examples: ['QA'] },
    `${what}: an ISO 3166-1 alpha-2 code (any case) or the country's name in ` +
      `English, Arabic or Bengali (\`BD\`, \`Bangladesh\`, \`بنغلاديش\`, \`বাংলাদেশ\`).`,
  );

/** `place`, `city`, `country`: a place instead of `lat` and `lon` on every calculation endpoint. */
export const placeParameters: Schema[] = [
  queryParam(
    'place',
    { type: 'integer', minimum: 1, examples: [1185241] },
    'A GeoNames id from /api/v1/places, instead of `lat` and `lon`: the calculation ' +
      'uses its coordinates and echoes it in `request.place`. Not together with ' +
      '`lat`/`lon` or `city` (400); an id the gazetteer does not hold is a 404.',
  ),
  {
    ...queryParam(
      'city',
      { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS, examples: ['Doha'] },
      'A place name in Latin, Arabic or Bengali script, instead of `lat` and `lon` (send one or the other): ' +
        'the best match as /api/v1/places ranks it, echoed in `request.place`. No match: 404. Matches alike (the ' +
        'same kind of match, the next at least a tenth as populous): 400 with up to 5 `candidates` and their ids.',
    ),
    // Shown in the try-it form beside lat and lon (clear those to use it).
    'x-form': true,
  },
  country('With `city` only: narrows the match to one country'),
];

/** The alias of `lon` every endpoint that takes coordinates accepts. */
export const lng = queryParam(
  'lng',
  { type: 'number', minimum: -180, maximum: 180 },
  'Alias of `lon`: alone it stands for `lon`; sent with `lon` it must be the same longitude ' +
    '(otherwise a 400 naming `lng`).',
);

const placesError = (what: string): Record<string, Schema> => ({
  '400': errorResponse('BadRequest', `${what}; \`message\` names the parameter.`),
});

export const placesPaths: Record<string, Schema> = {
  [`${BASE}/places`]: keyedGet({
    operationId: 'searchPlaces',
    tag: 'Places',
    category: 'general',
    service: 'calc',
    body: 'PlaceList',
    summary: 'Find a place by name',
    description:
      'Places of the gazetteer (GeoNames: 15,000 people or more, every capital and first-order ' +
      'seat) whose name or another spelling matches `q`, in Latin, Arabic or Bengali script; case, ' +
      'diacritics, punctuation, spaces and Arabic letter variants do not matter (`Tromso` finds ' +
      'Tromsø, `مكه` finds Mecca). Best first: a name equal to `q`, then another spelling equal to ' +
      'it, then spellings starting with it; within each, the larger population. No match: 200 with ' +
      '`count: 0`. `api_info.attribution` names GeoNames (CC BY 4.0). Guide: /docs/guides/places.',
    usage: 'GET /api/v1/places?q=QUERY&country=CC&limit=10&api_key=YOUR_API_KEY',
    parameters: [
      queryParam(
        'q',
        { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS, examples: ['Dhaka', 'مكة', 'ঢাকা'] },
        `A place name or the start of one, 1 to ${MAX_QUERY_CHARS} characters.`,
        true,
      ),
      country('Only places of this country'),
      queryParam('limit', { type: 'integer', minimum: 1, maximum: 50, default: 10 }, 'How many places, 1 to 50.'),
    ],
    errors: placesError(
      '`q` missing, blank, longer than 100 characters or holding a ' +
        'control character, `limit` outside 1-50, or an unknown `country`',
    ),
  }),
  [`${BASE}/places/nearest`]: keyedGet({
    operationId: 'getNearestPlace',
    tag: 'Places',
    category: 'general',
    service: 'calc',
    body: 'NearestPlaceResponse',
    summary: 'The nearest place to coordinates',
    description:
      'The place of the gazetteer nearest the coordinates by great-circle distance, ' +
      'with `distance_km`: "Dhaka, Bangladesh" under a GPS fix. Coordinates as ' +
      '/qibla takes them. `api_info.attribution` names GeoNames (CC BY 4.0).',
    usage: 'GET /api/v1/places/nearest?lat=LAT&lon=LON&api_key=YOUR_API_KEY',
    parameters: [
      queryParam(
        'lat',
        { type: 'number', minimum: -90, maximum: 90, examples: [23.7104] },
        'Latitude, -90 to 90.',
        true,
      ),
      queryParam(
        'lon',
        { type: 'number', minimum: -180, maximum: 180, examples: [90.40744] },
        'Longitude, -180 to 180 (or its alias `lng` in its place).',
        true,
      ),
      lng,
    ],
    errors: placesError('`lat` or `lon` missing, not a number or out of range'),
  }),
};
