// The gazetteer part of the content build: select the places, give each the zone calc
// finds at its coordinates, render places/places.json, and report what was kept and
// where GeoNames' zone differs.
import { PLACES_PATH } from '@ira/core/contract/content-format';
import { placeKey } from '@ira/calc/src/places/place-key.ts';
import { timeZoneAt } from '@ira/calc/src/places/time-zone.ts';
import type { Checked } from '../content-types.ts';
import type { RawGazetteer } from './read-gazetteer.ts';
import { renderPlaces } from './render-places.ts';
import { selectPlaces } from './select-places.ts';
import { checkZones, type ZoneReport } from './zone-check.ts';

export interface PlacesReport {
  kept: number;
  withoutAdmin1: number;
  bytes: number;
  zones: ZoneReport['counts'];
  different: ZoneReport['different'];
}

export function buildPlaces(raw: RawGazetteer): Checked<{ files: Map<string, string>; report: PlacesReport }> {
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
  return { ok: true, value: { files: new Map([[PLACES_PATH, text.value]]), report } };
}

/** The build's lines about the gazetteer: what was kept, and the zone disagreements by pair of zones. */
export function placesReportLines(report: PlacesReport): string[] {
  const { alias, 'same-clock': sameClock, different } = report.zones;
  const lines = [
    `places: ${report.kept} kept (${report.withoutAdmin1} without a region name), ${report.bytes} bytes`,
    `places: the zone at the coordinates (geo-tz, served) differs from GeoNames' at ${alias + sameClock + different}: ` +
      `${alias} other names of one zone, ${sameClock} zones keeping the same clock, ${different} keeping another clock:`,
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
