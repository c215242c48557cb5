// The authorities' own published years, requested through the HTTP API with the authority's
// method, within the file's tolerance: fixtures/authority-times.json one test per day
// (sources and per-zone agreement in authority-times.sources.json), and the tables in
// fixtures/authority-tables/ (sources.json there) one test per place and month through
// the calendar, which checks every day of the month the table holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readAuthorityDays,
  readAuthorityTables,
  rowTimes,
  type AuthorityTable,
  type AuthorityTablePlace,
} from '../test-support/authority-days.ts';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { zonedTimeToUtcMs } from '../test-support/zoned-time.ts';

const CASES = readAuthorityDays();
const TABLES = readAuthorityTables();
const PRAYERS = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
const MS_PER_MINUTE = 60_000;

let calc: CalcHarness;
let key: string;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('authority timetables through GET /api/v1/prayer-time', () => {
  it('covers the published years (JAKIM 2024, ESA 2026, Algiers 1447 AH) and the Kemenag month and days found', () => {
    const perZone = new Map<string, number>();
    for (const day of CASES) perZone.set(day.zone, (perZone.get(day.zone) ?? 0) + 1);
    expect(Object.fromEntries(perZone)).toEqual({
      JHR02: 366,
      MLK01: 366,
      TRG01: 366,
      SBH07: 366,
      'KOTA JAKARTA (1301)': 4,
      'KOTA JAKARTA (Kemenag)': 30,
      'Cairo (ESA)': 365,
      'Alexandria (ESA)': 365,
      'Aswan (ESA)': 365,
      'Algiers (MARW)': 354,
    });
  });

  it.each(CASES)('$zone $date ($method, ±$variance_minutes min)', async (day) => {
    const query = new URLSearchParams({
      lat: String(day.latitude),
      lon: String(day.longitude),
      method: day.method,
      school: day.madhab.toLowerCase(),
      date: day.date,
    });
    const { status, body } = await calc.get(`/api/v1/prayer-time?${query}`, { headers: { 'X-API-Key': key } });
    expect(status).toBe(200);
    expect(body.data.timezone).toBe(day.timezone);
    const toleranceMs = day.variance_minutes * MS_PER_MINUTE;
    // A table quoted without a time (one Kemenag day has no sunrise) checks the others.
    for (const prayer of PRAYERS.filter((name) => day.expected[name] !== undefined)) {
      const expectedMs = zonedTimeToUtcMs(day.date, day.expected[prayer]!, day.timezone);
      const off = Math.abs(Date.parse(body.data.times[prayer].utc) - expectedMs);
      expect(off, `${prayer}: got ${body.data.times[prayer].local}, table ${day.expected[prayer]}`).toBeLessThanOrEqual(
        toleranceMs,
      );
    }
  });
});

interface TableMonth {
  table: AuthorityTable;
  place: AuthorityTablePlace;
  month: string;
  rows: AuthorityTablePlace['days'];
}

function tableMonths(): TableMonth[] {
  const months: TableMonth[] = [];
  for (const table of TABLES) {
    for (const place of table.places) {
      const byMonth = Map.groupBy(place.days, (row) => row[0].slice(0, 7));
      for (const [month, rows] of byMonth) months.push({ table, place, month, rows });
    }
  }
  return months;
}

/** `2024-07-02 sunrise (table 06:09, got 06:11)` for every time of the month's rows off by more than the tolerance. */
function offDays(body: any, { table, place, rows }: TableMonth): string[] {
  const byDate = new Map<string, any>(body.data.days.map((day: any) => [day.date, day]));
  const toleranceMs = table.variance_minutes * MS_PER_MINUTE;
  const off: string[] = [];
  for (const row of rows) {
    const day = byDate.get(row[0]);
    for (const [prayer, time] of Object.entries(rowTimes(table, row))) {
      const got = day?.times[prayer];
      const expectedMs = zonedTimeToUtcMs(row[0], time, place.timezone);
      if (got?.utc && Math.abs(Date.parse(got.utc) - expectedMs) <= toleranceMs) continue;
      off.push(`${row[0]} ${prayer} (table ${time}, got ${got?.local ?? 'nothing'})`);
    }
  }
  return off;
}

describe('authority tables through GET /api/v1/prayer-time/calendar', () => {
  it('covers every day of every table (fixtures/authority-tables/sources.json)', () => {
    const perFile = Object.fromEntries(TABLES.map((table) => [table.file, table.places.flatMap((p) => p.days).length]));
    expect(perFile).toEqual({
      'diyanet-2024-2026.json': 3237,
      'habous-2020-2026.json': 6190,
      'jakim-esolat-2024-2026.json': 36123,
      'jakim-kelantan-2024-2026.json': 2190,
      'jordan-awqaf-2026.json': 1565,
      'oman-mara-2026-2027.json': 4380,
    });
  });

  it.each(tableMonths())('$place.name $month ($table.method)', async (month) => {
    const { table, place } = month;
    const [year, monthNumber] = month.month.split('-');
    const query = new URLSearchParams({
      lat: String(place.latitude),
      lon: String(place.longitude),
      method: table.method,
      school: table.school,
      year: year!,
      month: String(Number(monthNumber)),
      ...(place.elevation === undefined ? {} : { elevation: String(place.elevation) }),
    });
    const { status, body } = await calc.get(`/api/v1/prayer-time/calendar?${query}`, {
      headers: { 'X-API-Key': key },
    });
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.data.timezone).toBe(place.timezone);
    // The table's own faults and the rare time a convention misses are listed in the file (`misses`).
    const known = table.misses.filter(([name, date]) => name === place.name && date.startsWith(month.month));
    const off = offDays(body, month);
    const expected = known.map(([, date, time]) => `${date} ${time}`);
    expect(
      off.map((entry) => entry.split(' (')[0]),
      off.join('; '),
    ).toEqual(expected);
  });
});
