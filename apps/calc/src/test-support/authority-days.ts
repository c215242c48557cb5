// The authorities' published days as the authority test and the authority-agreement script
// read them: fixtures/authority-times.json (one object per day; sources and per-zone
// agreement in authority-times.sources.json) and the tables in fixtures/authority-tables/
// (one file per authority, a row per day; sources.json there describes each file).
import { readdirSync, readFileSync } from 'node:fs';

export interface AuthorityDay {
  source_file: string;
  zone: string;
  latitude: number;
  longitude: number;
  /** Metres, passed as `elevation` (authorities that lower the horizon with the height). */
  elevation?: number;
  method: string;
  madhab: string;
  timezone: string;
  date: string;
  /** Published local times, `h:mm AM` (authority-times.json) or `HH:MM` (the tables), by prayer name. */
  expected: Record<string, string>;
  variance_minutes: number;
}

/** A row: the date, then the six times as HH:MM (24 h), null where the table has none. */
type TableRow = [string, ...(string | null)[]];

export interface AuthorityTablePlace {
  name: string;
  latitude: number;
  longitude: number;
  elevation?: number;
  timezone: string;
  days: TableRow[];
}

export interface AuthorityTable {
  file: string;
  authority: string;
  method: string;
  school: string;
  variance_minutes: number;
  /** `date` and the six times' names, in the order of each row. */
  columns: string[];
  /** [place, date, time, why]: a time more than the tolerance off (the table's fault or the method's rare miss). */
  misses: [string, string, string, string][];
  places: AuthorityTablePlace[];
}

const TABLES_DIR = new URL('../../fixtures/authority-tables/', import.meta.url);
const SOURCES_FILE = 'sources.json';

export function readAuthorityDays(): AuthorityDay[] {
  return JSON.parse(
    readFileSync(new URL('../../fixtures/authority-times.json', import.meta.url), 'utf8'),
  ) as AuthorityDay[];
}

export function readAuthorityTables(): AuthorityTable[] {
  return readdirSync(TABLES_DIR)
    .filter((file) => file.endsWith('.json') && file !== SOURCES_FILE)
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(new URL(file, TABLES_DIR), 'utf8')) }) as AuthorityTable);
}

/** The published times of one row by prayer name (times the table leaves out are absent). */
export function rowTimes(table: AuthorityTable, row: TableRow): Record<string, string> {
  const times: Record<string, string> = {};
  table.columns.slice(1).forEach((name, i) => {
    const time = row[i + 1];
    if (time) times[name] = time;
  });
  return times;
}

/** Every row of every table as an AuthorityDay. */
export function readAuthorityTableDays(): AuthorityDay[] {
  return readAuthorityTables().flatMap((table) =>
    table.places.flatMap((place) =>
      place.days.map((row) => ({
        source_file: table.file,
        zone: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
        ...(place.elevation === undefined ? {} : { elevation: place.elevation }),
        method: table.method,
        madhab: table.school,
        timezone: place.timezone,
        date: row[0],
        expected: rowTimes(table, row),
        variance_minutes: table.variance_minutes,
      })),
    ),
  );
}
