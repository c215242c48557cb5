// Which GeoNames places the API keeps, and what it keeps of each: the places people
// look up for prayer times (towns of 15 000 people or more, every capital and seat of a
// first-order division), their alternate names in Latin, Arabic and Bengali script
// (each spelling once, as the search folds it) and their names in Arabic and Bengali.
import type { GazetteerRow } from './read-gazetteer.ts';
import { displayName, scriptOf } from './script-names.ts';

// GeoNames' own cut for cities15000.txt ("all cities with a population > 15000").
export const MIN_POPULATION = 15_000;
// Capitals (PPLC), seats of government (PPLG) and of first-order divisions (PPLA), whatever their size.
const SEAT_CODES = new Set(['PPLC', 'PPLG', 'PPLA']);
// Historical (PPLH), abandoned (PPLQ) and destroyed (PPLW) places: nobody prays there today.
const GONE_CODES = new Set(['PPLH', 'PPLQ', 'PPLW']);
// GeoNames' DEM value for "no data" (the sea).
const DEM_NO_DATA = -9999;

export interface SelectedPlace {
  id: number;
  name: string;
  countryCode: string;
  /** The first-order division's name, or null when GeoNames has none for its code. */
  admin1: string | null;
  latitude: number;
  longitude: number;
  /** The zone GeoNames gives; the served zone is geo-tz's (zone-check.ts). */
  geonamesZone: string;
  population: number;
  /** Metres: the surveyed elevation, else the elevation model's, else null. */
  elevation: number | null;
  names: { ar: string | null; bn: string | null };
  /** Other spellings, each folded form once, none equal to a name above. */
  alternates: string[];
}

export interface Selection {
  places: SelectedPlace[];
  /** Kept places whose admin1 code has no name in admin1CodesASCII. */
  withoutAdmin1: number;
}

export function isKept(row: Pick<GazetteerRow, 'population' | 'featureCode'>): boolean {
  if (GONE_CODES.has(row.featureCode)) return false;
  return row.population >= MIN_POPULATION || SEAT_CODES.has(row.featureCode);
}

/** The alternates in a script the API serves, each folded form once, the place's own names left out. */
export function keptAlternates(
  row: Pick<GazetteerRow, 'asciiName' | 'alternateNames'>,
  ownNames: readonly string[],
  fold: (text: string) => string,
): string[] {
  const seen = new Set(ownNames.map(fold));
  const kept: string[] = [];
  for (const raw of [row.asciiName, ...row.alternateNames]) {
    const name = raw.trim();
    if (scriptOf(name) === null) continue;
    const key = fold(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push(name);
  }
  return kept;
}

function selectPlace(
  row: GazetteerRow,
  admin1Names: ReadonlyMap<string, string>,
  fold: (text: string) => string,
): SelectedPlace {
  const names = { ar: displayName(row.alternateNames, 'ar', fold), bn: displayName(row.alternateNames, 'bn', fold) };
  const ownNames = [row.name, ...[names.ar, names.bn].filter((name) => name !== null)];
  const dem = row.dem === DEM_NO_DATA ? null : row.dem;
  return {
    id: row.id,
    name: row.name,
    countryCode: row.countryCode,
    admin1: admin1Names.get(`${row.countryCode}.${row.admin1Code}`) ?? null,
    latitude: row.latitude,
    longitude: row.longitude,
    geonamesZone: row.timezone,
    population: row.population,
    elevation: row.elevation ?? dem,
    names,
    alternates: keptAlternates(row, ownNames, fold),
  };
}

/** The kept places in GeoNames id order, so the output is reproducible. */
export function selectPlaces(
  rows: readonly GazetteerRow[],
  admin1Names: ReadonlyMap<string, string>,
  fold: (text: string) => string,
): Selection {
  const places = rows
    .filter(isKept)
    .map((row) => selectPlace(row, admin1Names, fold))
    .sort((a, b) => a.id - b.id);
  return { places, withoutAdmin1: places.filter((place) => place.admin1 === null).length };
}
