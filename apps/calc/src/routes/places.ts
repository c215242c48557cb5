// GET /api/v1/places and /api/v1/places/nearest (portal guide "Places"): the gazetteer
// calc loaded from the content tree at start. `general` endpoints in the Names' envelope.
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { apiInfo, envelopeBytes } from '@ira/core/contract/envelope';
import { badRequest } from '@ira/core/contract/errors';
import { guardStateOf } from '@ira/core/runtime/guard';
import { hasControlCharacter } from '@ira/core/text/unprintable';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { parseCoordinates } from '../places/coordinates.ts';
import type { PlaceIndex } from '../places/place-index.ts';
import { placeJson } from '../places/place-json.ts';
import { COUNTRY_ERROR, MAX_QUERY_CHARS } from '../places/place-param.ts';
import { integerParam, singleParam, valueOrThrow } from '@ira/core/contract/params';
import { QIBLA_COORDINATES_ERROR } from './qibla.ts';
import { sendJsonBytes } from './send-json.ts';

export const PLACES_PATH = '/api/v1/places';
export const NEAREST_PLACE_PATH = '/api/v1/places/nearest';
export const PLACES_ATTRIBUTION = 'Place data © GeoNames (geonames.org), CC BY 4.0; country names from Unicode CLDR.';
export const Q_ERROR = `q is required: a place name of 1 to ${MAX_QUERY_CHARS} characters, without control characters`;
export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 10;
export const LIMIT_ERROR = `limit must be a whole number from 1 to ${MAX_LIMIT}`;
// Coordinates of /places/nearest are read as /qibla reads them, with its sentence.
export const NEAREST_COORDINATES_ERROR = QIBLA_COORDINATES_ERROR;

export interface PlacesRouteOptions {
  config: Pick<Config, 'portalUrl'>;
  places: PlaceIndex;
}

const apiInfoFor = (path: string, config: Pick<Config, 'portalUrl'>): string =>
  JSON.stringify(apiInfo(usageOf(path), `${config.portalUrl}/docs/guides/places`, PLACES_ATTRIBUTION));

function parseQuery(query: Record<string, unknown>): string {
  const q = valueOrThrow(singleParam(query, 'q'), badRequest)?.trim() ?? '';
  if (q === '' || [...q].length > MAX_QUERY_CHARS || hasControlCharacter(q)) throw badRequest(Q_ERROR);
  return q;
}

export function createPlacesRoute({ config, places }: PlacesRouteOptions): Middleware {
  const apiInfoJson = apiInfoFor(PLACES_PATH, config);
  return function searchPlaces(ctx) {
    const q = parseQuery(ctx.query);
    const limit = valueOrThrow(
      integerParam(ctx.query, 'limit', { min: 1, max: MAX_LIMIT, message: LIMIT_ERROR }),
      badRequest,
    );
    const rawCountry = valueOrThrow(singleParam(ctx.query, 'country'), badRequest);
    const country = rawCountry === undefined ? null : places.country(rawCountry);
    if (rawCountry !== undefined && country === null) throw badRequest(COUNTRY_ERROR);
    const matches = places.search.search(q, { country, limit: limit ?? DEFAULT_LIMIT });
    const data = JSON.stringify(matches.map((match) => placeJson(places.gazetteer, match.index)));
    const rateLimit = guardStateOf(ctx).rateLimit;
    sendJsonBytes(ctx, envelopeBytes({ service: 'places', count: matches.length, data, apiInfoJson, rateLimit }));
  };
}

export function createNearestPlaceRoute({ config, places }: PlacesRouteOptions): Middleware {
  const apiInfoJson = apiInfoFor(NEAREST_PLACE_PATH, config);
  return function nearestPlace(ctx) {
    const coordinates = parseCoordinates(ctx.query, NEAREST_COORDINATES_ERROR);
    if (!coordinates.ok) throw badRequest(coordinates.message);
    const { lat, lon } = coordinates.value;
    const nearest = places.nearest(lat, lon);
    // The gazetteer is never empty (the build keeps every capital): no place is a fault.
    if (nearest === null) throw new Error('the gazetteer holds no place');
    const distanceKm = Math.round(nearest.distanceKm * 100) / 100;
    const data = JSON.stringify({ ...placeJson(places.gazetteer, nearest.index), distance_km: distanceKm });
    const rateLimit = guardStateOf(ctx).rateLimit;
    sendJsonBytes(ctx, envelopeBytes({ service: 'places', data, apiInfoJson, rateLimit }));
  };
}
