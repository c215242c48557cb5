// `place=<GeoNames id>` or `city=<name>[&country=<code or name>]` on the calculation
// endpoints, in place of `lat` and `lon`. The outcome is a value; each route writes its
// errors in its own body form (prayer times `{ error }`, the Qibla `{ success, error, message }`).
import { elevationOf } from './gazetteer.ts';
import { indexOfId } from './gazetteer.ts';
import type { PlaceIndex } from './place-index.ts';
import { placeEcho, type PlaceEcho } from './place-json.ts';
import { resolveCity } from './resolve-city.ts';
import { isSent, singleParam } from '@ira/core/contract/params';

export const MAX_QUERY_CHARS = 100;
export const COUNTRY_ERROR =
  'country must be an ISO 3166-1 alpha-2 code (such as BD) or a country name in English, Arabic or Bengali';
export const CITY_ERROR = `city must be a place name of 1 to ${MAX_QUERY_CHARS} characters`;
export const PLACE_ERROR = 'place must be a GeoNames id (a whole number) as /api/v1/places gives it';
const PLACE_ID = /^\d{1,10}$/;

/** The place a calculation uses: `echo` is `request.place`. */
export interface PlaceUsed {
  echo: PlaceEcho;
  /** ISO 3166-1 alpha-2: method=auto takes the place's country. */
  country: { code: string; name: string };
  /** Metres, for a method that corrects for height; null when GeoNames has none. */
  elevation: number | null;
}

/** One of the places a `city` could mean, listed in the 400. */
export interface PlaceCandidate {
  id: number;
  name: string;
  country: string;
  admin1: string | null;
  population: number;
}

export type PlaceParam =
  | { kind: 'none' }
  | { kind: 'place'; place: PlaceUsed }
  | { kind: 'problem'; status: 400 | 404; message: string; candidates?: PlaceCandidate[] };

const problem = (status: 400 | 404, message: string, candidates?: PlaceCandidate[]): PlaceParam =>
  candidates === undefined ? { kind: 'problem', status, message } : { kind: 'problem', status, message, candidates };

function placeUsed(places: PlaceIndex, index: number): PlaceUsed {
  const echo = placeEcho(places.gazetteer, index);
  const name = places.gazetteer.countries[echo.country]?.en ?? echo.country;
  return { echo, country: { code: echo.country, name }, elevation: elevationOf(places.gazetteer, index) };
}

function candidate(places: PlaceIndex, index: number): PlaceCandidate {
  const { gazetteer } = places;
  const region = gazetteer.regionOf[index] as number;
  return {
    id: gazetteer.ids[index] as number,
    name: gazetteer.names[index] as string,
    country: gazetteer.countryCodes[gazetteer.countryOf[index] as number] as string,
    admin1: region < 0 ? null : (gazetteer.regions[region] ?? null),
    population: gazetteer.populations[index] as number,
  };
}

function byId(places: PlaceIndex, raw: unknown): PlaceParam {
  if (typeof raw !== 'string' || !PLACE_ID.test(raw) || Number(raw) < 1) return problem(400, PLACE_ERROR);
  const index = indexOfId(places.gazetteer, Number(raw));
  if (index < 0)
    return problem(404, `place ${raw} is not a GeoNames id of a place this API knows (see /api/v1/places)`);
  return { kind: 'place', place: placeUsed(places, index) };
}

function byCity(places: PlaceIndex, rawCity: unknown, rawCountry: unknown): PlaceParam {
  const city = typeof rawCity === 'string' ? rawCity.trim() : '';
  if (city === '' || [...city].length > MAX_QUERY_CHARS) return problem(400, CITY_ERROR);
  let country: number | null = null;
  if (rawCountry !== undefined) {
    country = typeof rawCountry === 'string' ? places.country(rawCountry) : null;
    if (country === null) return problem(400, COUNTRY_ERROR);
  }
  const resolution = resolveCity(places.gazetteer, places.search, city, country);
  const where = country === null ? '' : ` in ${places.gazetteer.countryCodes[country]}`;
  if (resolution.kind === 'none') return problem(404, `no place matches city=${city}${where}`);
  if (resolution.kind === 'found') return { kind: 'place', place: placeUsed(places, resolution.index) };
  const candidates = resolution.candidates.map((index) => candidate(places, index));
  return problem(
    400,
    `city=${city}${where} matches several places alike: send place=<id> of one of the candidates`,
    candidates,
  );
}

/**
 * Reads `place`, `city` and `country`. `none`: neither was sent, the coordinates are read
 * as before. Sending a place together with coordinates, or `country` without `city`, is a
 * 400: a parameter is never quietly ignored.
 */
export function parsePlaceParam(query: Record<string, unknown>, places: PlaceIndex): PlaceParam {
  for (const name of ['place', 'city', 'country']) {
    const single = singleParam(query, name);
    if (!single.ok) return problem(400, single.message);
  }
  const place = isSent(query, 'place');
  const city = isSent(query, 'city');
  const coordinates = isSent(query, 'lat') || isSent(query, 'lon') || isSent(query, 'lng');
  if (place && city) return problem(400, 'send either place or city, not both');
  if ((place || city) && coordinates)
    return problem(400, `send either ${place ? 'place' : 'city'} or coordinates (lat, lon), not both`);
  if (isSent(query, 'country') && !city) return problem(400, 'country narrows city: send it with city');
  if (place) return byId(places, query.place);
  if (city) return byCity(places, query.city, query.country);
  return { kind: 'none' };
}
