// The calculation baseline: a bare node:http server doing only the computation a
// prayer-time, calendar or Qibla answer needs, with the calc service's own domain code
// (the zone at the point with the same cached lookup, the day's times, Hijri date and
// night times; a calendar's every day, as its route makes them; the Qibla's
// great-circle bearing, geodesic distance and magnetic declination),
// and nothing else: no key, no limit, no router, no result cache, no envelope. The
// calc service is measured against it, so the ratio is what the service adds around
// the science, not how much science there is (the answers carry more than adhan's).
import http from 'node:http';
import { magneticQibla } from '@ira/calc/src/qibla/magnetic.ts';
import { computeDays } from '@ira/calc/src/prayer/prayer-day.ts';
import { qiblaFor } from '@ira/calc/src/qibla/qibla.ts';
import { createZoneLookup } from '@ira/calc/src/places/time-zone.ts';
import { calendarFragment } from '@ira/calc/src/routes/calendar.ts';
import { dayOptions, parseDayExtras } from '@ira/calc/src/routes/day-params.ts';
import { parsePrayerTimeRequest } from '@ira/calc/src/routes/prayer-time-params.ts';
import { createPlaceIndex } from '@ira/calc/src/places/place-index.ts';
import { PLACES_PATH } from '@ira/core/contract/content-format';
import { loadConfig } from '@ira/core/runtime/config';
import { openContentSource } from '@ira/core/runtime/content-source';

const zoneAt = createZoneLookup();
const [OPEN, CLOSE] = [Buffer.from('{'), Buffer.from('}')];
// The gazetteer calc loads, so a prayer time by `place` finds its coordinates here too.
const places = createPlaceIndex(await (await openContentSource(loadConfig({}))).read(PLACES_PATH));

function prayerTime(query: Record<string, string>): object {
  const request = parsePrayerTimeRequest(query, zoneAt, places);
  return {
    timezone: request.timeZone,
    ...computeDays(
      request.lat,
      request.lon,
      request.timeZone,
      dayOptions(request, parseDayExtras(query)),
      request.date,
      1,
    ).days[0],
  };
}

function qibla(query: Record<string, string>): object {
  const [lat, lon] = [Number(query.lat), Number(query.lon)];
  const result = qiblaFor(lat, lon);
  return { ...result, ...magneticQibla(lat, lon, result.compass_bearing, new Date().toISOString().slice(0, 10)) };
}

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://baseline');
  const query = Object.fromEntries(url.searchParams);
  const bytes = url.pathname.endsWith('/calendar')
    ? Buffer.concat([OPEN, ...(await calendarFragment(query, zoneAt, places)), CLOSE])
    : Buffer.from(JSON.stringify(url.pathname.endsWith('/qibla') ? qibla(query) : prayerTime(query)));
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  response.end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
