// Test-only: a fixed set of prayer-time computations whose JSON must be the same
// whatever TZ the process runs under (used by prayer/tz-independence.test.ts, also
// from child processes, so it imports nothing test-specific).
import { parseDateParam } from '../calendar/calendar-date.ts';
import { computePrayerTimes } from '../prayer/prayer-times.ts';
import { createZoneLookup } from '../places/time-zone.ts';

const PLACES = [
  [21.4225, 39.8262],
  [51.5074, -0.1278],
  [1.8721, -157.4278],
  [-13.8333, -171.7667],
  [-33.8688, 151.2093],
  [69.6492, 18.9553],
  [40.7128, -74.0059],
] as const;
// Around DST changes in Europe and the US, and the solstices.
const DATES = ['2026-03-08', '2026-03-29', '2026-06-21', '2026-10-25', '2026-12-21'];

export function computeAll(): string {
  const zoneAt = createZoneLookup(0);
  const results = PLACES.flatMap(([lat, lon]) =>
    DATES.map((iso) => {
      const timeZone = zoneAt(lat, lon);
      const date = parseDateParam(iso, timeZone)!;
      return computePrayerTimes(lat, lon, timeZone, {
        method: 'mwl',
        school: 'shafi',
        date,
        highLatitudeRule: 'middleofthenight',
        polarResolution: 'aqrabbalad',
      });
    }),
  );
  return JSON.stringify(results);
}
