// The gazetteer file of the content tree (places/places.json), written by the content
// build (scripts/build-content/places/) and read by calc (apps/calc/src/places/).
// docs/content-format.md describes it.

export const PLACES_PATH = 'places/places.json';
export const PLACES_SCHEMA = 1;

/** A country's name in English, Arabic and Bengali (CLDR, through Intl.DisplayNames). */
export interface CountryNames {
  en: string;
  ar: string;
  bn: string;
}

/**
 * One place, as a tuple to keep the file and its parse small:
 * GeoNames id, name, ISO 3166-1 alpha-2 country, index into `regions` (-1: none),
 * latitude, longitude, index into `zones`, population, elevation in metres (null: none),
 * Arabic name, Bengali name (null: none known), other spellings (Latin, Arabic, Bengali script).
 */
export type PlaceRow = [
  id: number,
  name: string,
  country: string,
  region: number,
  latitude: number,
  longitude: number,
  zone: number,
  population: number,
  elevation: number | null,
  ar: string | null,
  bn: string | null,
  alternates: string[],
];

export interface PlacesFile {
  schema: typeof PLACES_SCHEMA;
  /** ISO 3166-1 alpha-2 code → names, for every country a place is in. */
  countries: Record<string, CountryNames>;
  /** IANA zone names, each once; places refer to them by index. */
  zones: string[];
  /** First-order division names (GeoNames admin1), each once; places refer to them by index. */
  regions: string[];
  /** In GeoNames id order. */
  places: PlaceRow[];
}
