// The calculation baseline: a bare node:http server doing only the computation a
// prayer-time or Qibla answer needs — geo-tz's zone, adhan's times, local-time
// formatting with a cached Intl formatter, JSON — and nothing else (no key, no
// limit, no validation, no router). The calc service is measured against this.
import http from 'node:http';
import { CalculationMethod, Coordinates, Madhab, PrayerTimes, Qibla } from 'adhan';
import { find, setCache } from 'geo-tz/all';
import { LRUCache } from 'lru-cache';

// The same bounded quad cache the calc service uses, so memory is comparable.
setCache({ store: new LRUCache<string, object>({ max: 256 }) });

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatLocal(instant: Date, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant).replace(' ', 'T');
}

function prayerTimes(lat: number, lon: number, date: string): object {
  const timeZone = find(lat, lon)[0] ?? 'UTC';
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const params = CalculationMethod.MuslimWorldLeague();
  params.madhab = Madhab.Shafi;
  const times = new PrayerTimes(new Coordinates(lat, lon), new Date(y, m - 1, d), params);
  const names = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
  const out: Record<string, { utc: string; local: string }> = {};
  for (const name of names) out[name] = { utc: times[name].toISOString(), local: formatLocal(times[name], timeZone) };
  return { timezone: timeZone, times: out };
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://baseline');
  const lat = Number(url.searchParams.get('lat'));
  const lon = Number(url.searchParams.get('lon'));
  const body = url.pathname.endsWith('/qibla')
    ? { bearing: Qibla(new Coordinates(lat, lon)) }
    : prayerTimes(lat, lon, url.searchParams.get('date') ?? '2026-03-20');
  const bytes = Buffer.from(JSON.stringify(body));
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': bytes.length });
  response.end(bytes);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
