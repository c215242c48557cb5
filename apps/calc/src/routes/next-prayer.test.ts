// GET /api/v1/prayer-time/next through HTTP, checked against /prayer-time's own days.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { AT_ERROR } from './next-prayer.ts';

const MAKKAH = 'lat=21.4225&lon=39.8262';
const NEW_YORK = 'lat=40.7128&lon=-74.0059';
const APIA = 'lat=-13.8333&lon=-171.7667';
const KIRITIMATI = 'lat=1.8721&lon=-157.4278';
const TROMSO = 'lat=69.6492&lon=18.9553';

let calc: CalcHarness;
let key: string;
const get = (path: string) => calc.get(path, { headers: { 'X-API-Key': key } });
const next = async (query: string) => {
  const { status, body } = await get(`/api/v1/prayer-time/next?${query}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data;
};
const times = async (query: string) => (await get(`/api/v1/prayer-time?${query}`)).body.data.times;
const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('GET /api/v1/prayer-time/next', () => {
  it("before Fajr: current is the previous day's Isha, next is Fajr", async () => {
    const at = '2026-03-20T01:00:00Z'; // 04:00 in Makkah
    const data = await next(`${MAKKAH}&at=${at}`);
    const yesterday = await times(`${MAKKAH}&date=2026-03-19`);
    const today = await times(`${MAKKAH}&date=2026-03-20`);
    expect(data.current).toEqual({ name: 'isha', ...yesterday.isha });
    expect(data.next).toEqual({ name: 'fajr', ...today.fajr, secondsUntil: seconds(at, today.fajr.utc) });
    expect(data.request).toMatchObject({ at: '2026-03-20T01:00:00.000Z', method: 'karachi' });
    expect(data.timezone).toBe('Asia/Riyadh');
  });

  it("after Isha: next is tomorrow's Fajr, also across local midnight", async () => {
    const tomorrow = await times(`${MAKKAH}&date=2026-03-21`);
    const today = await times(`${MAKKAH}&date=2026-03-20`);
    for (const at of ['2026-03-20T23:59:59%2B03:00', '2026-03-21T00:00:01%2B03:00', '2026-03-20T22:00:00 03:00']) {
      const data = await next(`${MAKKAH}&at=${at}`);
      expect(data.current).toEqual({ name: 'isha', ...today.isha });
      expect(data.next.name).toBe('fajr');
      expect(data.next.utc).toBe(tomorrow.fajr.utc);
    }
  });

  it('counts a time as begun at its own instant', async () => {
    const today = await times(`${MAKKAH}&date=2026-03-20`);
    const data = await next(`${MAKKAH}&at=${today.dhuhr.utc}`);
    expect(data.current.name).toBe('dhuhr');
    expect(data.next).toMatchObject({
      name: 'asr',
      utc: today.asr.utc,
      secondsUntil: seconds(today.dhuhr.utc, today.asr.utc),
    });
  });

  it('stays right across the spring-forward night (New York, 2026-03-08)', async () => {
    const at = '2026-03-08T06:30:00Z'; // 01:30 EST, half an hour before clocks jump to 03:00 EDT
    const data = await next(`${NEW_YORK}&at=${at}`);
    const sunday = await times(`${NEW_YORK}&date=2026-03-08`);
    expect(data.current.name).toBe('isha');
    expect(data.current.local.slice(0, 10)).toBe('2026-03-07');
    expect(data.next).toEqual({ name: 'fajr', ...sunday.fajr, secondsUntil: seconds(at, sunday.fajr.utc) });
    // Already EDT (UTC-4) by Fajr, while the Isha before was EST (UTC-5).
    expect(Date.parse(`${sunday.fajr.local}Z`) - Date.parse(sunday.fajr.utc)).toBe(-4 * 3_600_000);
    expect(Date.parse(`${data.current.local}Z`) - Date.parse(data.current.utc)).toBe(-5 * 3_600_000);
  });

  it('uses the local day east of the date line (Apia, 23:00 local)', async () => {
    const data = await next(`${APIA}&at=2026-06-15T10:00:00Z`);
    expect(data.timezone).toBe('Pacific/Apia');
    expect(data.current).toMatchObject({ name: 'isha', local: expect.stringMatching(/^2026-06-15T/) });
    expect(data.next).toMatchObject({ name: 'fajr', local: expect.stringMatching(/^2026-06-16T/) });
  });

  it.each([
    ['Apia', APIA, '2011-12-30T08:00:00Z', '2011-12-29', '2011-12-31'],
    ['Kiritimati', KIRITIMATI, '1994-12-31T07:00:00Z', '1994-12-30', '1995-01-01'],
  ])(
    "steps over the day %s skipped crossing the date line: Isha, then the next existing day's Fajr",
    async (_name, place, at, before, after) => {
      const data = await next(`${place}&at=${at}`);
      const last = await times(`${place}&date=${before}`);
      const first = await times(`${place}&date=${after}`);
      expect(data.current).toEqual({ name: 'isha', ...last.isha });
      expect(data.next).toEqual({ name: 'fajr', ...first.fajr, secondsUntil: seconds(at, first.fajr.utc) });
    },
  );

  it('before Fajr on the day after the skipped one, current is the Isha of the day before it (Apia)', async () => {
    const at = '2011-12-30T14:00:00Z'; // 2011-12-31 04:00 in Apia (UTC+14)
    const data = await next(`${APIA}&at=${at}`);
    const last = await times(`${APIA}&date=2011-12-29`);
    const first = await times(`${APIA}&date=2011-12-31`);
    expect(data.current).toEqual({ name: 'isha', ...last.isha });
    expect(data.next).toEqual({ name: 'fajr', ...first.fajr, secondsUntil: seconds(at, first.fajr.utc) });
  });

  it('skips times that do not exist in polar day (Tromsø, unresolved)', async () => {
    const data = await next(`${TROMSO}&at=2026-06-21T12:00:00Z&polarResolution=unresolved`);
    const tomorrow = await times(`${TROMSO}&date=2026-06-22&polarResolution=unresolved`);
    expect(data.current.name).toBe('dhuhr');
    expect(data.next).toMatchObject({ name: 'dhuhr', utc: tomorrow.dhuhr.utc });
  });

  it('uses the current instant without at', async () => {
    const before = Date.now();
    const data = await next(MAKKAH);
    expect(Date.parse(data.current.utc)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(data.next.utc)).toBeGreaterThan(before);
    expect(data.next.secondsUntil).toBeGreaterThan(0);
  });

  it.each([
    '2026-03-20T20:00:00',
    '2026-03-20',
    'tomorrow',
    '2026-02-30T00:00:00Z',
    '2026-03-20T24:00:00Z',
    '2026-03-20T10:00:00%2B24:00',
    '9999-12-31T12:00:00Z',
  ])('rejects at=%s naming the parameter', async (at) => {
    const { status, body } = await get(`/api/v1/prayer-time/next?${MAKKAH}&at=${at}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: AT_ERROR });
  });

  it('rejects bad coordinates first, like /prayer-time', async () => {
    const { status, body } = await get('/api/v1/prayer-time/next?lat=x&lon=1&at=nope');
    expect(status).toBe(400);
    expect(body).toEqual({ error: 'lat and lon must be valid numeric coordinates' });
  });
});

describe('GET /api/v1/prayer-time/next, flat layout', () => {
  it('is the result alone', async () => {
    const flat = await startCalc({ env: { RESPONSE_LAYOUT: 'flat' } });
    try {
      const flatKey = await flat.issue();
      const { body } = await flat.get(`/api/v1/prayer-time/next?${MAKKAH}&at=2026-03-20T01:00:00Z&api_key=${flatKey}`);
      expect(Object.keys(body)).toEqual(['api_key', 'request', 'timezone', 'current', 'next']);
    } finally {
      await flat.close();
    }
  });
});
