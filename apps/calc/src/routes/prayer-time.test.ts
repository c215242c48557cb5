import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { DATE_ERROR } from './prayer-time-params.ts';

const PRAYERS = ['fajr', 'sunrise', 'dhuhr', 'asr', 'maghrib', 'isha'];
const COORDINATES_ERROR = { error: 'lat and lon must be valid numeric coordinates' };

let calc: CalcHarness;
let key: string;
const get = (query: string, init?: RequestInit) => calc.get(`/api/v1/prayer-time?${query}`, init);
const authed = (query: string) => get(query, { headers: { 'X-API-Key': key } });

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('GET /api/v1/prayer-time, wrapped layout (default)', () => {
  it('wraps the result with status, ok, the URL as called, timestamp, api_info and rateLimit', async () => {
    const query = `lat=21.4225&lon=39.8262&date=2026-03-20&api_key=${key}`;
    const { status, body, headers } = await get(query);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(body)).toEqual(['status', 'ok', 'url', 'data']);
    expect(body.status).toBe(200);
    expect(body.ok).toBe(true);
    expect(body.url).toBe(`${calc.config.publicUrl}/api/v1/prayer-time?${query}`);
    const data = body.data;
    expect(Object.keys(data)).toEqual([
      'api_key',
      'request',
      'timezone',
      'hijri',
      'times',
      'extra',
      'timestamp',
      'api_info',
      'rateLimit',
    ]);
    expect(data.api_key).toBe(key);
    expect(data.request).toEqual({
      lat: 21.4225,
      lon: 39.8262,
      method: 'karachi',
      school: 'shafi',
      date: '2026-03-20',
      highLatitudeRule: 'middleofthenight',
      polarResolution: 'aqrabbalad',
      hijriAdjustment: 0,
      imsakMinutes: 10,
    });
    expect(data.timezone).toBe('Asia/Riyadh');
    expect(Object.keys(data.times)).toEqual(PRAYERS);
    expect(Date.parse(data.timestamp)).not.toBeNaN();
    expect(data.api_info).toEqual({
      // the endpoint table's template
      usage: 'GET /api/v1/prayer-time?lat=LAT&lon=LON&method=karachi&school=shafi&date=YYYY-MM-DD&api_key=YOUR_API_KEY',
      version: 'v1',
      docs: `${calc.config.portalUrl}/docs`,
    });
    expect(data.rateLimit).toMatchObject({ category: 'calculation', limit: 1_000_000 });
    expect(data.rateLimit.remaining).toBeLessThan(1_000_000);
  });

  it('echoes the key sent in X-API-Key', async () => {
    const { body } = await authed('lat=1&lon=1&date=2026-01-01');
    expect(body.data.api_key).toBe(key);
  });

  it('echoes method lower case, whatever case was sent, and the school', async () => {
    const { body } = await authed('lat=40.7&lon=-74&method=ISNA&school=Hanafi&date=2026-01-01');
    expect(body.data.request).toMatchObject({ method: 'isna', school: 'hanafi' });
  });

  it('accepts lng as an alias of lon', async () => {
    const { status, body } = await authed('lat=29.3759&lng=47.9774&date=2026-01-01');
    expect(status).toBe(200);
    expect(body.data.request.lon).toBe(47.9774);
    expect(body.data.timezone).toBe('Asia/Kuwait');
  });

  it('names the nautical zone at sea', async () => {
    const { body } = await authed('lat=0&lon=-30&date=2026-01-01');
    expect(body.data.timezone).toBe('Etc/GMT+2');
    expect(body.data.times.dhuhr.local).toMatch(/^2026-01-01T/);
  });

  it('gives a different Asr for hanafi than for shafi (twice the shadow length)', async () => {
    const shafi = await authed('lat=33.7&lon=73.1&date=2026-03-20');
    const hanafi = await authed('lat=33.7&lon=73.1&date=2026-03-20&school=hanafi');
    expect(Date.parse(hanafi.body.data.times.asr.utc)).toBeGreaterThan(Date.parse(shafi.body.data.times.asr.utc));
    expect(hanafi.body.data.times.dhuhr).toEqual(shafi.body.data.times.dhuhr);
  });
});

describe('GET /api/v1/prayer-time, flat layout', () => {
  let flat: CalcHarness;
  let flatKey: string;
  beforeAll(async () => {
    flat = await startCalc({ env: { RESPONSE_LAYOUT: 'flat' } });
    flatKey = await flat.issue();
  });
  afterAll(() => flat.close());

  it('is exactly the prayer-time result', async () => {
    const { status, body } = await flat.get(
      `/api/v1/prayer-time?lat=21.4225&lon=39.8262&date=2026-03-20&api_key=${flatKey}`,
    );
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(['api_key', 'request', 'timezone', 'hijri', 'times', 'extra']);
    expect(body.times.fajr).toEqual({
      utc: expect.stringMatching(/Z$/),
      local: expect.stringMatching(/^2026-03-20T0\d:\d\d:00$/),
    });
  });

  it('adds note when a rule changed a time', async () => {
    const { body } = await flat.get(`/api/v1/prayer-time?lat=69.6492&lon=18.9553&date=2026-06-21&api_key=${flatKey}`);
    expect(Object.keys(body)).toEqual(['api_key', 'request', 'timezone', 'hijri', 'times', 'extra', 'note']);
  });
});

describe('GET /api/v1/prayer-time validation (400 bodies are exactly { error })', () => {
  it.each([
    'lat=12abc&lon=1',
    'lat=0x10&lon=1',
    'lat=1e400&lon=1',
    'lat=1e5&lon=1',
    'lat=NaN&lon=1',
    'lat=Infinity&lon=1',
    'lat=&lon=1',
    'lat=%20&lon=1',
    'lat=1&lon=%201',
    'lon=1',
    'lat=1',
    '',
    'lat=90.5&lon=1',
    'lat=1&lon=-180.01',
  ])('rejects coordinates %j', async (query) => {
    const { status, body } = await authed(query);
    expect(status).toBe(400);
    expect(body).toEqual(COORDINATES_ERROR);
  });

  it.each(['lat=90&lon=180', 'lat=-90&lon=-180', 'lat=-0&lon=-0', 'lat=90&lng=-180'])(
    'accepts the boundary %j',
    async (query) => {
      const { status, body } = await authed(`${query}&date=2026-03-20`);
      expect(status).toBe(200);
      expect(JSON.stringify(body)).not.toMatch(/Invalid Date|NaN/);
    },
  );

  it('rejects an unknown method naming the parameter and the allowed values', async () => {
    for (const bad of ['hanbali', '6', '24', '-1', '3.5']) {
      const { status, body } = await authed(`lat=1&lon=1&method=${bad}`);
      expect(status).toBe(400);
      expect(body).toEqual({
        error:
          'method must be one of: mwl, makkah, cairo, karachi, tehran, isna, singapore, turkey, qatar, kuwait, ' +
          'dubai, moonsightingcommittee, jafari, gulf, france, russia, jakim, tunisia, algeria, kemenag, morocco, ' +
          'portugal, jordan, kelantan, oman, other, ' +
          'auto (or an alias: muslimworldleague, ummalqura, egyptian, egypt, northamerica, moonsighting), ' +
          'or an Aladhan method id ' +
          '(0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 99)',
      });
    }
  });

  it('rejects an unknown school', async () => {
    const { body } = await authed('lat=1&lon=1&school=maliki');
    expect(body).toEqual({ error: 'school must be one of: shafi, hanafi' });
  });

  it('rejects an unknown highLatitudeRule and polarResolution', async () => {
    expect((await authed('lat=1&lon=1&highLatitudeRule=none')).body).toEqual({
      error: 'highLatitudeRule must be one of: middleofthenight, seventhofthenight, twilightangle, recommended',
    });
    expect((await authed('lat=1&lon=1&polarResolution=skip')).body).toEqual({
      error: 'polarResolution must be one of: aqrabbalad, aqrabyaum, unresolved',
    });
  });

  it.each(['2025-02-30', '2026-13-01', 'today', '2026-1-1', '2026-01-01T25:00:00Z'])(
    'rejects the date %j',
    async (date) => {
      const { status, body } = await authed(`lat=1&lon=1&date=${date}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: DATE_ERROR });
    },
  );
});

describe('GET /api/v1/prayer-time dates and zones', () => {
  function localToday(timeZone: string): string {
    return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
  }

  it('defaults to today at the location (Kiritimati, UTC+14)', async () => {
    const before = localToday('Pacific/Kiritimati');
    const { body } = await authed('lat=1.8721&lon=-157.4278');
    expect([before, localToday('Pacific/Kiritimati')]).toContain(body.data.request.date);
  });

  it.each([
    ['Apia', -13.8333, -171.7667, 'Pacific/Apia'],
    ['Kiritimati', 1.8721, -157.4278, 'Pacific/Kiritimati'],
  ])('keeps the requested local day east of the date line (%s)', async (_name, lat, lon, zone) => {
    const { body } = await authed(`lat=${lat}&lon=${lon}&date=2026-06-21`);
    expect(body.data.timezone).toBe(zone);
    expect(body.data.request.date).toBe('2026-06-21');
    for (const prayer of PRAYERS) expect(body.data.times[prayer].local).toMatch(/^2026-06-21T/);
  });

  it('takes an ISO date-time as that instant’s local day at the location', async () => {
    const { body } = await authed('lat=1.8721&lon=-157.4278&date=2026-06-21T11:00:00Z');
    expect(body.data.request.date).toBe('2026-06-22');
    expect(body.data.times.dhuhr.local).toMatch(/^2026-06-22T/);
  });
});

describe('GET /api/v1/prayer-time at the polar circle (Tromsø)', () => {
  const TROMSO = 'lat=69.6492&lon=18.9553';

  it.each(['2026-06-21', '2026-12-21'])('resolves %s by default, every time present, with a note', async (date) => {
    const { status, body } = await authed(`${TROMSO}&date=${date}`);
    expect(status).toBe(200);
    expect(body.data.timezone).toBe('Europe/Oslo');
    expect(body.data.note).toMatch(/polar day or night.*aqrabbalad/);
    for (const prayer of PRAYERS)
      expect(body.data.times[prayer].utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
  });

  it('leaves times that do not exist null with unresolved, and says why (midsummer)', async () => {
    const { status, body } = await authed(`${TROMSO}&date=2026-06-21&polarResolution=unresolved`);
    expect(status).toBe(200);
    for (const prayer of ['fajr', 'sunrise', 'maghrib', 'isha'])
      expect(body.data.times[prayer]).toEqual({ utc: null, local: null });
    expect(body.data.times.dhuhr.utc).not.toBeNull();
    expect(body.data.note).toMatch(/do not occur here on 2026-06-21 and polarResolution is unresolved/);
    expect(body.data.times.asr).toEqual({ utc: null, local: null });
    expect(body.data.note).toContain('asr is null because the sun does not rise or set here on 2026-06-21');
  });

  it('leaves sunrise and maghrib null with unresolved (midwinter)', async () => {
    const { body } = await authed(`${TROMSO}&date=2026-12-21&polarResolution=UNRESOLVED`);
    expect(body.data.request.polarResolution).toBe('unresolved');
    expect(body.data.times.sunrise).toEqual({ utc: null, local: null });
    expect(body.data.times.maghrib).toEqual({ utc: null, local: null });
    expect(body.data.times.fajr.utc).not.toBeNull();
    expect(body.data.note).toMatch(/sunrise and maghrib do not occur/);
  });

  it('echoes and applies highLatitudeRule', async () => {
    const { body } = await authed(
      'lat=51.5074&lon=-0.1278&date=2026-06-21&method=mwl&highLatitudeRule=seventhofthenight',
    );
    expect(body.data.request.highLatitudeRule).toBe('seventhofthenight');
    expect(body.data.note).toMatch(/seventhofthenight high-latitude rule/);
  });
});
