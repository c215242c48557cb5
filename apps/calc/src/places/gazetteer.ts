// The gazetteer in memory: places/places.json of the content tree (format in
// packages/core/src/contract/content-format.ts) turned into typed columns, so ~27 000 places
// cost a few megabytes of heap and no object each. Place `i` is row `i` of every
// column; rows are in GeoNames id order, so an id is found by binary search.
import {
  PLACES_SCHEMA,
  type CountryNames,
  type PlaceRow,
  type PlaceSearchIndex,
  type PlacesFile,
} from '@ira/core/contract/content-format';
import { FOLD_VERSION } from '@ira/core/text/fold';

// Elevations fit in 16 bits (the Dead Sea shore is -430 m, Everest 8 849 m); this marks "none".
const NO_ELEVATION = -32_768;

export interface Gazetteer {
  readonly size: number;
  readonly ids: Int32Array;
  readonly latitudes: Float64Array;
  readonly longitudes: Float64Array;
  readonly populations: Int32Array;
  readonly names: readonly string[];
  readonly arabicNames: readonly (string | null)[];
  readonly bengaliNames: readonly (string | null)[];
  readonly countryCodes: readonly string[];
  readonly countries: Readonly<Record<string, CountryNames>>;
  /** Index into countryCodes. */
  readonly countryOf: Uint16Array;
  readonly regions: readonly string[];
  /** Index into regions, -1 for none. */
  readonly regionOf: Int32Array;
  readonly zones: readonly string[];
  readonly zoneOf: Uint16Array;
  readonly elevations: Int16Array;
}

export function elevationOf(gazetteer: Gazetteer, index: number): number | null {
  const value = gazetteer.elevations[index] as number;
  return value === NO_ELEVATION ? null : value;
}

/** The row of GeoNames id `id`, or -1. */
export function indexOfId(gazetteer: Gazetteer, id: number): number {
  const { ids } = gazetteer;
  let low = 0;
  let high = ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = ids[middle] as number;
    if (value === id) return middle;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

function checkFile(file: PlacesFile): void {
  if (
    file.schema !== PLACES_SCHEMA ||
    !Array.isArray(file.places) ||
    !Array.isArray(file.zones) ||
    !Array.isArray(file.regions) ||
    typeof file.search?.keys !== 'string'
  ) {
    throw new Error(`places.json is not a schema ${PLACES_SCHEMA} gazetteer: rebuild the content tree (npm run build)`);
  }
  if (file.fold !== FOLD_VERSION) {
    throw new Error(
      `places.json was folded with rules v${file.fold}, this calc folds queries with v${FOLD_VERSION}: ` +
        'rebuild the content tree (npm run build)',
    );
  }
  file.places.forEach((row, i) => {
    if (i > 0 && row[0] <= (file.places[i - 1] as PlaceRow)[0])
      throw new Error(`places.json: place ${row[0]} is out of id order`);
  });
}

function emptyColumns(file: PlacesFile) {
  const size = file.places.length;
  return {
    size,
    ids: new Int32Array(size),
    latitudes: new Float64Array(size),
    longitudes: new Float64Array(size),
    populations: new Int32Array(size),
    names: new Array<string>(size),
    arabicNames: new Array<string | null>(size),
    bengaliNames: new Array<string | null>(size),
    countryCodes: Object.keys(file.countries),
    countries: file.countries,
    countryOf: new Uint16Array(size),
    regions: file.regions,
    regionOf: new Int32Array(size),
    zones: file.zones,
    zoneOf: new Uint16Array(size),
    elevations: new Int16Array(size),
  };
}

/**
 * Parses places.json; the rows' fields are the build's (checked there), only the layout
 * is checked here. `search` is the file's search index, for search.ts.
 */
export function parseGazetteer(bytes: Buffer | string): { gazetteer: Gazetteer; search: PlaceSearchIndex } {
  const file = JSON.parse(bytes.toString()) as PlacesFile;
  checkFile(file);
  const columns = emptyColumns(file);
  const countryIndex = new Map(columns.countryCodes.map((code, i) => [code, i]));
  file.places.forEach(([id, name, country, region, latitude, longitude, zone, population, elevation, ar, bn], i) => {
    const countryAt = countryIndex.get(country);
    if (countryAt === undefined)
      throw new Error(`places.json: place ${id} is in ${country}, which has no country names`);
    columns.ids[i] = id;
    columns.names[i] = name;
    columns.countryOf[i] = countryAt;
    columns.regionOf[i] = region;
    columns.latitudes[i] = latitude;
    columns.longitudes[i] = longitude;
    columns.zoneOf[i] = zone;
    columns.populations[i] = population;
    columns.elevations[i] = elevation ?? NO_ELEVATION;
    columns.arabicNames[i] = ar;
    columns.bengaliNames[i] = bn;
  });
  return { gazetteer: columns, search: file.search };
}
