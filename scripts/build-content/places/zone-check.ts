// The time zone each place is served with, and where GeoNames says otherwise.
// Rule: a place's zone is the one calc finds at its coordinates (geo-tz, "all" data
// set), so the times for a place always equal the times for its coordinates; GeoNames'
// own zone is only checked against it. A disagreement is one of:
// - `alias`: two names of one zone (Asia/Calcutta and Asia/Kolkata);
// - `same-clock`: two zones whose UTC offsets agree at every sampled instant;
// - `different`: the clocks differ at some sampled instant (a border, an outdated zone).
import { compareCodeUnits } from './script-names.ts';

export type ZoneDisagreement = 'alias' | 'same-clock' | 'different';

export interface ZoneReport {
  /** geo-tz's zone of every place, in the order given. */
  zones: string[];
  counts: Record<ZoneDisagreement, number>;
  /** The `different` ones, for the build's report. */
  different: Array<{ id: number; name: string; countryCode: string; geonames: string; served: string }>;
}

// The clocks are compared on the 1st and 15th of every month of these years: every
// change of offset in force or announced for them shows within a fortnight.
const SAMPLE_FIRST_YEAR = 2024;
const SAMPLE_LAST_YEAR = 2030;
const SAMPLE_DAYS_OF_MONTH = [1, 15];

const SAMPLE_INSTANTS: Date[] = [];
for (let year = SAMPLE_FIRST_YEAR; year <= SAMPLE_LAST_YEAR; year++) {
  for (let month = 0; month < 12; month++)
    for (const day of SAMPLE_DAYS_OF_MONTH) SAMPLE_INSTANTS.push(new Date(Date.UTC(year, month, day, 12)));
}

/** The zone's UTC offsets at the sample instants, e.g. "GMT+03:00 GMT+03:00 …". */
function offsetSignature(zone: string): string {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
  return SAMPLE_INSTANTS.map(
    (instant) => format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value,
  ).join(' ');
}

function canonical(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

export function classifyZones(
  geonames: string,
  served: string,
  signatures: Map<string, string>,
): ZoneDisagreement | null {
  if (geonames === served) return null;
  if (canonical(geonames) === canonical(served)) return 'alias';
  const signature = (zone: string): string => {
    let value = signatures.get(zone);
    if (value === undefined) signatures.set(zone, (value = offsetSignature(zone)));
    return value;
  };
  return signature(geonames) === signature(served) ? 'same-clock' : 'different';
}

interface ZonedPlace {
  id: number;
  name: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  geonamesZone: string;
}

/** Looks every place up with `zoneAt` (calc's timeZoneAt) and compares it with GeoNames' zone. */
export function checkZones(places: readonly ZonedPlace[], zoneAt: (lat: number, lon: number) => string): ZoneReport {
  const counts: ZoneReport['counts'] = { alias: 0, 'same-clock': 0, different: 0 };
  const different: ZoneReport['different'] = [];
  const signatures = new Map<string, string>();
  const zones = places.map((place) => {
    const served = zoneAt(place.latitude, place.longitude);
    const kind = classifyZones(place.geonamesZone, served, signatures);
    if (kind !== null) counts[kind]++;
    if (kind === 'different')
      different.push({
        id: place.id,
        name: place.name,
        countryCode: place.countryCode,
        geonames: place.geonamesZone,
        served,
      });
    return served;
  });
  different.sort((a, b) => compareCodeUnits(a.countryCode, b.countryCode) || a.id - b.id);
  return { zones, counts, different };
}
