// GET /api/v1/prayer-time/calendar through HTTP (run under two TZ values by `npm test`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { readUmmAlQuraMonths } from '../test-support/umm-al-qura-months.ts';
import { MONTH_ERROR, PERIOD_ERROR, YEAR_ERROR } from './calendar.ts';
import { HIJRI_MONTH_ERROR, HIJRI_YEAR_ERROR, HIJRI_YEAR_MISSING_ERROR } from './hijri-period.ts';
import { HIJRI_ADJUSTMENT_ERROR, IMSAK_MINUTES_ERROR } from './day-params.ts';

const KARACHI = 'lat=24.8607&lon=67.0011';
const APIA = 'lat=-13.8333&lon=-171.7667';
const KIRITIMATI = 'lat=1.8721&lon=-157.4278';
const NEW_YORK = 'lat=40.7128&lon=-74.0059';
const TROMSO = 'lat=69.6492&lon=18.9553';
const MS_PER_DAY = 86_400_000;

let calc: CalcHarness;
let key: string;
const get = (path: string) => calc.get(path, { headers: { 'X-API-Key': key } });
const calendar = async (query: string) => (await get(`/api/v1/prayer-time/calendar?${query}`)).body.data;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

function isoDays(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${first}T00:00:00Z`) + i * MS_PER_DAY).toISOString().slice(0, 10),
  );
}

describe('GET /api/v1/prayer-time/calendar, a month', () => {
  it('lists every day of the month once, with request and timezone once', async () => {
    const { status, body } = await get(`/api/v1/prayer-time/calendar?${KARACHI}&year=2026&month=2&method=ISNA`);
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual([
      'api_key',
      'request',
      'timezone',
      'days',
      'timestamp',
      'api_info',
      'rateLimit',
    ]);
    expect(body.data.request).toEqual({
      lat: 24.8607,
      lon: 67.0011,
      method: 'isna',
      school: 'shafi',
      year: 2026,
      month: 2,
      highLatitudeRule: 'middleofthenight',
      polarResolution: 'aqrabbalad',
      hijriAdjustment: 0,
      imsakMinutes: 10,
    });
    expect(body.data.timezone).toBe('Asia/Karachi');
    expect(body.data.days.map((day: any) => day.date)).toEqual(isoDays('2026-02-01', 28));
    for (const day of body.data.days) {
      expect(Object.keys(day)).toEqual(['date', 'hijri', 'times', 'extra']);
      expect(day.times.fajr.local.slice(0, 10)).toBe(day.date);
    }
  });

  it('counts once against the calculation limit', async () => {
    const limited = await calc.issue({ calculation: 2 });
    const first = await calc.get(`/api/v1/prayer-time/calendar?${KARACHI}&year=2026`, {
      headers: { 'X-API-Key': limited },
    });
    expect(first.body.data.rateLimit).toMatchObject({ limit: 2, remaining: 1 });
    expect(first.body.data.days).toHaveLength(365);
  });

  it('gives each day exactly what /prayer-time gives for that date', async () => {
    const days = await calendar(`${KARACHI}&year=2026&month=3&school=hanafi&imsakMinutes=15&hijriAdjustment=-1`);
    for (const date of ['2026-03-01', '2026-03-20', '2026-03-31']) {
      const single = (
        await get(`/api/v1/prayer-time?${KARACHI}&date=${date}&school=hanafi&imsakMinutes=15&hijriAdjustment=-1`)
      ).body.data;
      const day = days.days.find((d: any) => d.date === date);
      expect({ hijri: day.hijri, times: day.times, extra: day.extra }).toEqual({
        hijri: single.hijri,
        times: single.times,
        extra: single.extra,
      });
    }
  });

  it('carries the Umm al-Qura date and its holidays', async () => {
    const { days } = await calendar(`${KARACHI}&year=2026&month=2`);
    expect(days[17]).toMatchObject({
      date: '2026-02-18',
      hijri: { date: '1447-09-01', holidays: ['First of Ramadan'], weekday: { en: 'Wednesday' } },
    });
    expect(days[16].hijri).toMatchObject({ date: '1447-08-29', month: { number: 8, en: 'Shaban' }, holidays: [] });
  });

  it("ends each night at the next day's Fajr", async () => {
    const { days } = await calendar(`${KARACHI}&year=2026&month=6`);
    for (let i = 0; i + 1 < days.length; i += 1) {
      const sunset = Date.parse(days[i].extra.sunset.utc);
      const nextFajr = Date.parse(days[i + 1].times.fajr.utc);
      expect(Date.parse(days[i].extra.midnight.utc)).toBe(Math.floor((sunset + nextFajr) / 2 / 1000) * 1000);
      expect(Date.parse(days[i].extra.imsak.utc)).toBe(Date.parse(days[i].times.fajr.utc) - 10 * 60_000);
    }
  });
});

describe('GET /api/v1/prayer-time/calendar, a year', () => {
  it('has 366 days in a leap year, in order', async () => {
    const { days } = await calendar(`${KARACHI}&year=2028`);
    expect(days).toHaveLength(366);
    expect(days.map((day: any) => day.date)).toEqual(isoDays('2028-01-01', 366));
  });
});

describe('the date line, DST and the poles', () => {
  it.each([
    ['Apia', APIA, 'Pacific/Apia'],
    ['Kiritimati', KIRITIMATI, 'Pacific/Kiritimati'],
  ])('keeps every time of %s on its own local day', async (_name, place, zone) => {
    const data = await calendar(`${place}&year=2026&month=12`);
    expect(data.timezone).toBe(zone);
    for (const day of data.days) {
      for (const time of Object.values(day.times) as { local: string }[])
        expect(time.local.slice(0, 10)).toBe(day.date);
    }
  });

  it.each([
    ['Apia', APIA, 'Pacific/Apia', 2011, '2011-12-30'],
    ['Kiritimati', KIRITIMATI, 'Pacific/Kiritimati', 1994, '1994-12-31'],
  ])(
    'leaves out the day %s skipped crossing the date line, and says so once',
    async (_name, place, zone, year, skipped) => {
      const data = await calendar(`${place}&year=${year}&month=12`);
      const dates = data.days.map((day: any) => day.date);
      expect(dates).toEqual(isoDays(`${year}-12-01`, 31).filter((date) => date !== skipped));
      expect(data.note).toBe(
        `${skipped} is left out: it did not exist in ${zone}, ` +
          `which skipped that day when it moved across the date line.`,
      );
      for (const day of data.days) {
        for (const time of Object.values(day.times) as { local: string }[])
          expect(time.local.slice(0, 10)).toBe(day.date);
      }
    },
  );

  it.each([
    ['Apia', APIA, 2011, '2011-12-29', '2011-12-31'],
    ['Kiritimati', KIRITIMATI, 1994, '1994-12-30', '1995-01-01'],
  ])(
    "ends the night before %s's skipped day at the next existing day's Fajr",
    async (_name, place, year, before, after) => {
      const { days } = await calendar(`${place}&year=${year}&month=12`);
      const day = days.find((d: any) => d.date === before);
      const nextFajr = (await get(`/api/v1/prayer-time?${place}&date=${after}`)).body.data.times.fajr.utc;
      const sunset = Date.parse(day.extra.sunset.utc);
      expect(day.note).toBeUndefined();
      expect(Date.parse(day.extra.midnight.utc)).toBe(Math.floor((sunset + Date.parse(nextFajr)) / 2 / 1000) * 1000);
      expect(Date.parse(day.extra.lastThird.utc)).toBeLessThan(Date.parse(nextFajr));
    },
  );

  it('moves local times by the clock change on a DST day (New York, 2026-03-08)', async () => {
    const { days } = await calendar(`${NEW_YORK}&year=2026&month=3`);
    const dhuhrLocalHour = (date: string) =>
      Number(days.find((d: any) => d.date === date).times.dhuhr.local.slice(11, 13));
    expect(dhuhrLocalHour('2026-03-07')).toBe(12);
    expect(dhuhrLocalHour('2026-03-08')).toBe(13);
    const dst = days.find((d: any) => d.date === '2026-03-08');
    expect(dst.extra.midnight.local.slice(0, 10)).toBe('2026-03-09');
  });

  it('gives null night times with a note in polar day when unresolved (Tromsø, June)', async () => {
    const { days } = await calendar(`${TROMSO}&year=2026&month=6&polarResolution=unresolved`);
    const solstice = days.find((d: any) => d.date === '2026-06-21');
    expect(solstice.extra).toMatchObject({
      imsak: { utc: null, local: null },
      sunset: { utc: null },
      midnight: { utc: null, local: null },
      lastThird: { utc: null },
    });
    expect(solstice.note).toContain('imsak is null on 2026-06-21 because fajr is.');
    expect(solstice.note).toContain('because the sun does not set here');
  });

  it('resolves the polar day by default and says so per day', async () => {
    const { days } = await calendar(`${TROMSO}&year=2026&month=6`);
    const solstice = days.find((d: any) => d.date === '2026-06-21');
    expect(solstice.note).toMatch(/polar day or night/);
    expect(solstice.extra.sunset.utc).not.toBeNull();
    expect(days.find((d: any) => d.date === '2026-06-01').note).toBeDefined();
  });
});

describe('GET /api/v1/prayer-time/calendar validation (400 bodies are exactly { error })', () => {
  it.each([
    ['year missing', `${KARACHI}`, YEAR_ERROR],
    ['year 999', `${KARACHI}&year=999`, YEAR_ERROR],
    ['year 10000', `${KARACHI}&year=10000`, YEAR_ERROR],
    ['year 2026.5', `${KARACHI}&year=2026.5`, YEAR_ERROR],
    ['month 13', `${KARACHI}&year=2026&month=13`, MONTH_ERROR],
    ['month 0', `${KARACHI}&year=2026&month=0`, MONTH_ERROR],
    ['month abc', `${KARACHI}&year=2026&month=abc`, MONTH_ERROR],
    ['imsakMinutes 61', `${KARACHI}&year=2026&month=1&imsakMinutes=61`, IMSAK_MINUTES_ERROR],
    ['hijriAdjustment 3', `${KARACHI}&year=2026&month=1&hijriAdjustment=3`, HIJRI_ADJUSTMENT_ERROR],
    ['bad coordinates first', 'lat=91&lon=0&year=0', 'lat and lon must be valid numeric coordinates'],
    ['unknown method', `${KARACHI}&year=2026&method=nope`, expect.stringMatching(/^method must be one of: /)],
  ])('%s', async (_name, query, error) => {
    const { status, body } = await get(`/api/v1/prayer-time/calendar?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error });
  });

  it('needs a key', async () => {
    expect((await calc.get(`/api/v1/prayer-time/calendar?${KARACHI}&year=2026`)).status).toBe(401);
  });
});

describe('GET /api/v1/prayer-time/calendar, flat layout', () => {
  it('is the result alone, like /prayer-time', async () => {
    const flat = await startCalc({ env: { RESPONSE_LAYOUT: 'flat' } });
    try {
      const flatKey = await flat.issue();
      const { body } = await flat.get(`/api/v1/prayer-time/calendar?${KARACHI}&year=2026&month=1&api_key=${flatKey}`);
      expect(Object.keys(body)).toEqual(['api_key', 'request', 'timezone', 'days']);
      expect(body.days).toHaveLength(31);
    } finally {
      await flat.close();
    }
  });
});

describe('GET /api/v1/prayer-time/calendar by Hijri month: the Ramadan timetable', () => {
  // The second compilation of the Umm al-Qura month starts (not the table the code reads).
  const FIRST_DAYS = readUmmAlQuraMonths().firstDays;
  const MAKKAH = 'lat=21.4225&lon=39.8262&method=makkah';

  it('Ramadan 1448 at Makkah: every day from the Umm al-Qura 1 Ramadan to the eve of 1 Shawwal, 29 or 30', async () => {
    const { status, body } = await get(`/api/v1/prayer-time/calendar?${MAKKAH}&hijriYear=1448&hijriMonth=9`);
    expect(status).toBe(200);
    const { days, request } = body.data;
    const first = FIRST_DAYS['1448']![8]!;
    const shawwal = FIRST_DAYS['1448']![9]!;
    expect([29, 30]).toContain(days.length);
    expect(days.map((day: { date: string }) => day.date)).toEqual(isoDays(first, days.length));
    expect(isoDays(first, days.length + 1).at(-1)).toBe(shawwal);
    for (const [i, day] of days.entries()) {
      expect(day.hijri.date, day.date).toBe(`1448-09-${String(i + 1).padStart(2, '0')}`);
      expect(Object.keys(day.times)).toEqual(['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha']);
      // Imsak 10 min before Fajr, the suhur's end.
      expect(Date.parse(day.times.fajr.utc) - Date.parse(day.extra.imsak.utc)).toBe(10 * 60_000);
      // makkah's Ramadan Isha: 120 min after Maghrib.
      expect(Date.parse(day.times.isha.utc) - Date.parse(day.times.maghrib.utc)).toBe(120 * 60_000);
    }
    expect(request).toMatchObject({ hijriYear: 1448, hijriMonth: 9, hijriAdjustment: 0 });
    expect(request).not.toHaveProperty('year');
  });

  it('hijriAdjustment=1 (the month seen a day early) starts a day before and keeps the month in hijri', async () => {
    const { days } = await calendar(`${MAKKAH}&hijriYear=1448&hijriMonth=9&hijriAdjustment=1`);
    const first = FIRST_DAYS['1448']![8]!;
    expect(days[0].date).toBe(isoDaysBefore(first));
    expect(days[0].hijri.date).toBe('1448-09-01');
    expect(days.at(-1).hijri.month.number).toBe(9);
  });

  it('a whole Hijri year without hijriMonth: 354 or 355 days from 1 Muharram', async () => {
    const { days, request } = await calendar(`${MAKKAH}&hijriYear=1448`);
    expect(days[0].date).toBe(FIRST_DAYS['1448']![0]);
    expect([354, 355]).toContain(days.length);
    expect(days.at(-1).hijri.month.number).toBe(12);
    expect(request.hijriYear).toBe(1448);
    expect(request).not.toHaveProperty('hijriMonth');
  });

  it.each([
    ['year with hijriYear', '&year=2027&hijriYear=1448&hijriMonth=9', PERIOD_ERROR],
    ['month with hijriMonth', '&month=2&hijriYear=1448&hijriMonth=9', PERIOD_ERROR],
    ['hijriYear before the table', '&hijriYear=1355&hijriMonth=9', HIJRI_YEAR_ERROR],
    ['hijriYear after the table', '&hijriYear=1501&hijriMonth=9', HIJRI_YEAR_ERROR],
    ['hijriMonth 13', '&hijriYear=1448&hijriMonth=13', HIJRI_MONTH_ERROR],
    ['hijriMonth without hijriYear', '&hijriMonth=9', HIJRI_YEAR_MISSING_ERROR],
  ])('%s → 400 naming the parameter', async (_label, query, error) => {
    const { status, body } = await get(`/api/v1/prayer-time/calendar?${MAKKAH}${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error });
  });

  it('the range in the message is the table’s', () => {
    expect(HIJRI_YEAR_ERROR).toContain('1356 to 1500');
  });
});

function isoDaysBefore(iso: string): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) - MS_PER_DAY).toISOString().slice(0, 10);
}
