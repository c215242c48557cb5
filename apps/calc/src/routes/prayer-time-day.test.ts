// `hijri` and `extra` (night times) on GET /api/v1/prayer-time, and their parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { HIJRI_ADJUSTMENT_ERROR, IMSAK_MINUTES_ERROR } from './day-params.ts';

const MAKKAH = 'lat=21.4225&lon=39.8262';
const MS_PER_MINUTE = 60_000;

let calc: CalcHarness;
let key: string;
const day = async (query: string) => {
  const { status, body } = await calc.get(`/api/v1/prayer-time?${query}`, { headers: { 'X-API-Key': key } });
  expect(status).toBe(200);
  return body.data;
};

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('hijri on /prayer-time', () => {
  it('is the Umm al-Qura date of the local day, with its holiday', async () => {
    expect((await day(`${MAKKAH}&date=2026-03-20`)).hijri).toEqual({
      date: '1447-10-01',
      day: 1,
      month: { number: 10, en: 'Shawwal', ar: 'شَوَّال' },
      year: 1447,
      weekday: { en: 'Friday', ar: 'الجمعة' },
      calendar: 'islamic-umalqura',
      holidays: ['Eid al-Fitr'],
    });
  });

  it('follows hijriAdjustment and echoes it', async () => {
    const data = await day(`${MAKKAH}&date=2026-03-19&hijriAdjustment=1`);
    expect(data.hijri).toMatchObject({ date: '1447-10-01', weekday: { en: 'Thursday' } });
    expect(data.request.hijriAdjustment).toBe(1);
    expect((await day(`${MAKKAH}&date=2026-03-20&hijriAdjustment=-2`)).hijri.date).toBe('1447-09-29');
  });

  it('is the date of the requested local day east of the date line (Kiritimati, UTC+14)', async () => {
    // At 2026-02-18 local in Kiritimati it is still 2026-02-17 in UTC: the local day counts.
    expect((await day('lat=1.8721&lon=-157.4278&date=2026-02-18')).hijri.date).toBe('1447-09-01');
  });

  it('is null outside the official Umm al-Qura table (1937-03-14 to 2077-11-16), and the note says why', async () => {
    for (const date of ['1900-01-01', '1937-03-13', '2077-11-17']) {
      const data = await day(`${MAKKAH}&date=${date}`);
      expect(data.hijri).toBeNull();
      expect(data.note).toBe(
        `hijri is null on ${date}: the official Umm al-Qura table covers 1937-03-14 to 2077-11-16 (1356 to 1500 AH).`,
      );
    }
    expect((await day(`${MAKKAH}&date=1937-03-14`)).hijri.date).toBe('1356-01-01');
    expect((await day(`${MAKKAH}&date=2077-11-16`)).hijri.date).toBe('1500-12-30');
  });

  it("is the official date where ICU's calendar differs (1 Muharram 1452 is 2030-05-03)", async () => {
    expect((await day(`${MAKKAH}&date=2030-05-03`)).hijri).toMatchObject({
      date: '1452-01-01',
      holidays: ['Islamic New Year'],
    });
  });
});

describe('extra (night times) on /prayer-time', () => {
  it('gives imsak, sunset, midnight and the thirds of the night as { utc, local }', async () => {
    const data = await day(`${MAKKAH}&date=2026-03-20`);
    expect(Object.keys(data.extra)).toEqual(['imsak', 'sunset', 'midnight', 'firstThird', 'lastThird']);
    const fajr = Date.parse(data.times.fajr.utc);
    expect(Date.parse(data.extra.imsak.utc)).toBe(fajr - 10 * MS_PER_MINUTE);
    const next = await day(`${MAKKAH}&date=2026-03-21`);
    const sunset = Date.parse(data.extra.sunset.utc);
    const night = Date.parse(next.times.fajr.utc) - sunset;
    const at = (fraction: number) => Math.floor((sunset + night * fraction) / 1000) * 1000;
    expect(Date.parse(data.extra.midnight.utc)).toBe(at(1 / 2));
    expect(Date.parse(data.extra.firstThird.utc)).toBe(at(1 / 3));
    expect(Date.parse(data.extra.lastThird.utc)).toBe(at(2 / 3));
    expect(data.extra.midnight.local).toMatch(/^2026-03-2[01]T\d\d:\d\d:\d\d$/);
  });

  it("ends the night before a skipped day at the next existing day's Fajr (Apia, 2011-12-29, 2011-12-31)", async () => {
    const apia = 'lat=-13.8333&lon=-171.7667';
    const data = await day(`${apia}&date=2011-12-29`);
    const after = await day(`${apia}&date=2011-12-31`);
    const sunset = Date.parse(data.extra.sunset.utc);
    expect(data.note).toBeUndefined();
    expect(Date.parse(data.extra.midnight.utc)).toBe(
      Math.floor((sunset + Date.parse(after.times.fajr.utc)) / 2 / 1000) * 1000,
    );
    // Apia's clocks went from 2011-12-29 23:59:59 (UTC-10) to 2011-12-31 00:00 (UTC+14).
    expect(data.extra.midnight.local.slice(0, 10)).toBe('2011-12-31');
  });

  it('takes sunset from the sun, not from a method that adds minutes to Maghrib (turkey)', async () => {
    const data = await day(`lat=41.0082&lon=28.9784&date=2026-03-20&method=turkey`);
    const mwl = await day(`lat=41.0082&lon=28.9784&date=2026-03-20&method=mwl`);
    expect(data.extra.sunset).toEqual(mwl.times.maghrib);
    expect(Date.parse(data.times.maghrib.utc)).toBeGreaterThan(Date.parse(data.extra.sunset.utc));
  });

  it('has the same sunset whichever method computed the day (karachi, tehran, mwl)', async () => {
    const place = 'lat=35.6892&lon=51.389&date=2026-03-20';
    const sunsets = await Promise.all(
      ['karachi', 'tehran', 'mwl'].map(async (method) => (await day(`${place}&method=${method}`)).extra.sunset),
    );
    expect(sunsets[0]).toEqual(sunsets[2]);
    expect(sunsets[1]).toEqual(sunsets[2]);
  });

  it('moves imsak with imsakMinutes', async () => {
    const data = await day(`${MAKKAH}&date=2026-03-20&imsakMinutes=0`);
    expect(data.extra.imsak).toEqual(data.times.fajr);
    expect(data.request.imsakMinutes).toBe(0);
  });
});

describe('hijriAdjustment and imsakMinutes validation', () => {
  it.each([
    ['hijriAdjustment=3', HIJRI_ADJUSTMENT_ERROR],
    ['hijriAdjustment=-3', HIJRI_ADJUSTMENT_ERROR],
    ['hijriAdjustment=1.5', HIJRI_ADJUSTMENT_ERROR],
    ['hijriAdjustment=one', HIJRI_ADJUSTMENT_ERROR],
    ['imsakMinutes=-1', IMSAK_MINUTES_ERROR],
    ['imsakMinutes=61', IMSAK_MINUTES_ERROR],
    ['imsakMinutes=1e1', IMSAK_MINUTES_ERROR],
  ])('%s → 400 naming the parameter', async (query, error) => {
    const { status, body } = await calc.get(`/api/v1/prayer-time?${MAKKAH}&${query}`, {
      headers: { 'X-API-Key': key },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ error });
  });
});
