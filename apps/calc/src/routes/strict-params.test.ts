// A parameter that is present must be valid, on every calc endpoint (docs/api-decisions.md
// "Parameters"): `lng` beside `lon`, empty numbers, `month=`, repeated parameters → 400
// naming the parameter, never a 200 that ignored it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';

let calc: CalcHarness;
let key: string;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue({ general: 1_000_000 });
});
afterAll(() => calc.close());

/** The status and the sentence of a 400, in either body form (`{ error }` or `{ message }`). */
async function ask(pathAndQuery: string): Promise<{ status: number; sentence: string }> {
  const response = await fetch(calc.base + pathAndQuery, { headers: { 'X-API-Key': key } });
  const text = await response.text();
  // calendar.ics answers iCalendar text; its errors are JSON like every other.
  const body = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : {};
  return { status: response.status, sentence: String(body.message ?? body.error ?? '') };
}

const LONDON = 'lat=51.5&lon=0';
// Every endpoint that reads coordinates, with what else it needs.
const COORDINATE_ENDPOINTS = [
  '/api/v1/prayer-time?date=2026-03-20&',
  '/api/v1/prayer-time/calendar?year=2026&month=3&',
  '/api/v1/prayer-time/next?at=2026-03-20T12:00:00Z&',
  '/api/v1/prayer-time/calendar.ics?date=2026-03-20&days=2&',
  '/api/v1/qibla?',
  '/api/v1/places/nearest?',
];

describe.each(COORDINATE_ENDPOINTS)('%s', (endpoint) => {
  it.each(['abc', '181', 'null', '1', ''])('lat=51.5&lon=0&lng=%s → 400 naming lng', async (lng) => {
    const { status, sentence } = await ask(`${endpoint}${LONDON}&lng=${lng}`);
    expect(status).toBe(400);
    expect(sentence).toMatch(/^lng /);
  });

  it('accepts lng with the same value as lon, and lng alone', async () => {
    expect((await ask(`${endpoint}${LONDON}&lng=0.0`)).status).toBe(200);
    expect((await ask(`${endpoint}lat=51.5&lng=0`)).status).toBe(200);
  });

  it.each(['lat=1&lat=2&lon=0', 'lat=1&lon=0&lon=0', 'lat=1&lng=0&lng=0'])('%s → 400 naming it', async (query) => {
    const { status, sentence } = await ask(`${endpoint}${query}`);
    expect(status).toBe(400);
    expect(sentence).toMatch(/^(lat|lon|lng) must be sent once, not repeated$/);
  });
});

describe('empty numbers are invalid, not "not sent"', () => {
  it.each([
    'fajrAngle',
    'ishaAngle',
    'maghribAngle',
    'ishaInterval',
    'imsakMinutes',
    'hijriAdjustment',
    'elevation',
    'tune',
    'timezone',
    'method',
    'school',
    'highLatitudeRule',
    'polarResolution',
    'date',
  ])('prayer-time %s= → 400 naming it', async (name) => {
    const { status, sentence } = await ask(`/api/v1/prayer-time?${LONDON}&${name}=`);
    expect(status).toBe(400);
    expect(sentence.startsWith(`${name} `)).toBe(true);
  });

  it.each([
    ['year=&month=3', 'year'],
    ['year=2026&month=', 'month'],
    ['hijriYear=', 'hijriYear'],
    ['hijriYear=1447&hijriMonth=', 'hijriMonth'],
  ])('calendar %s → 400 naming %s', async (query, name) => {
    const { status, sentence } = await ask(`/api/v1/prayer-time/calendar?${LONDON}&${query}`);
    expect(status).toBe(400);
    expect(sentence.startsWith(`${name} `)).toBe(true);
  });

  it('calendar month= is a 400, not the whole year', async () => {
    const { status, sentence } = await ask(`/api/v1/prayer-time/calendar?${LONDON}&year=2026&month=`);
    expect(status).toBe(400);
    expect(sentence).toMatch(/^month must be a whole number from 1 to 12/);
  });

  it.each([
    ['/api/v1/prayer-time/calendar.ics', 'days'],
    ['/api/v1/prayer-time/next', 'at'],
    ['/api/v1/qibla', 'date'],
    ['/api/v1/places/nearest', 'lat'],
  ])('%s %s= → 400 naming it', async (path, name) => {
    const query = name === 'lat' ? 'lon=0&lat=' : `${LONDON}&${name}=`;
    const { status, sentence } = await ask(`${path}?${query}`);
    expect(status).toBe(400);
    expect(sentence).toMatch(new RegExp(`^${name} `));
  });

  it.each([
    ['/api/v1/hijri?date=2026-03-20&hijriAdjustment=', 'hijriAdjustment'],
    ['/api/v1/hijri?hijri=', 'hijri'],
    ['/api/v1/hijri/holidays?year=', 'year'],
    ['/api/v1/hijri/holidays?gregorianYear=', 'gregorianYear'],
    ['/api/v1/hijri/holidays/next?date=', 'date'],
    ['/api/v1/places?q=Dhaka&limit=', 'limit'],
    ['/api/v1/places?q=Dhaka&country=', 'country'],
  ])('%s → 400 naming %s', async (pathAndQuery, name) => {
    const { status, sentence } = await ask(pathAndQuery);
    expect(status).toBe(400);
    expect(sentence).toMatch(new RegExp(`^${name} `));
  });
});

describe('repeated single-valued parameters are refused, naming the parameter', () => {
  it.each([
    ['/api/v1/prayer-time', `${LONDON}&method=mwl&method=mwl`, 'method'],
    ['/api/v1/prayer-time', `${LONDON}&school=shafi&school=hanafi`, 'school'],
    ['/api/v1/prayer-time', `${LONDON}&date=2026-03-20&date=2026-03-21`, 'date'],
    ['/api/v1/prayer-time', `${LONDON}&tune=fajr:1&tune=isha:1`, 'tune'],
    ['/api/v1/prayer-time', `${LONDON}&timezone=UTC&timezone=UTC`, 'timezone'],
    ['/api/v1/prayer-time', `${LONDON}&imsakMinutes=5&imsakMinutes=5`, 'imsakMinutes'],
    ['/api/v1/prayer-time/calendar', `${LONDON}&year=2026&year=2027`, 'year'],
    ['/api/v1/prayer-time/next', `${LONDON}&at=2026-03-20T12:00:00Z&at=2026-03-20T12:00:00Z`, 'at'],
    ['/api/v1/prayer-time/calendar.ics', `${LONDON}&days=2&days=3`, 'days'],
    ['/api/v1/qibla', `${LONDON}&date=2026-03-20&date=2026-03-20`, 'date'],
    ['/api/v1/hijri', 'date=2026-03-20&date=2026-03-21', 'date'],
    ['/api/v1/hijri/holidays', 'year=1447&year=1448', 'year'],
    ['/api/v1/places', 'q=Dhaka&q=Paris', 'q'],
    ['/api/v1/prayer-time', 'city=Dhaka&city=Paris', 'city'],
  ])('%s?%s → 400 naming %s', async (path, query, name) => {
    const { status, sentence } = await ask(`${path}?${query}`);
    expect(status).toBe(400);
    expect(sentence).toBe(`${name} must be sent once, not repeated`);
  });
});

describe('method vocabulary', () => {
  it.each([
    ['MuslimWorldLeague', 'mwl'],
    ['UmmAlQura', 'makkah'],
    ['ummalqura', 'makkah'],
    ['moonsighting', 'moonsightingcommittee'],
    ['MoonsightingCommittee', 'moonsightingcommittee'],
    ['NorthAmerica', 'isna'],
    ['isna', 'isna'],
    ['Egyptian', 'cairo'],
    ['Turkey', 'turkey'],
    ['4', 'makkah'],
  ])('method=%s answers as %s, echoing the canonical name', async (raw, method) => {
    const { status, body } = await calc.get(`/api/v1/prayer-time?${LONDON}&date=2026-03-20&method=${raw}`, {
      headers: { 'X-API-Key': key },
    });
    expect(status).toBe(200);
    expect(body.data.request.method).toBe(method);
  });
});

describe('a parameter the endpoint does not take → 400 naming it, never an answer that ignored it', () => {
  it.each([
    // adhan's name for the Asr rule: ignored, a Hanafi user in Karachi got the Shafi Asr 55 minutes early.
    ['/api/v1/prayer-time', `date=2026-03-20&lat=24.86&lon=67&madhab=hanafi`, 'madhab'],
    ['/api/v1/prayer-time/calendar', `${LONDON}&year=2026&month=3&date=2026-03-20`, 'date'],
    ['/api/v1/prayer-time/next', `${LONDON}&date=2026-03-20`, 'date'],
    ['/api/v1/prayer-time/calendar.ics', `${LONDON}&year=2026`, 'year'],
    ['/api/v1/qibla', `${LONDON}&method=isna`, 'method'],
    ['/api/v1/hijri', 'date=2026-03-20&lang=ar', 'lang'],
    ['/api/v1/hijri/holidays', 'year=1447&month=9', 'month'],
    ['/api/v1/hijri/holidays/next', 'date=2026-03-20&year=1447', 'year'],
    ['/api/v1/places', 'q=Dhaka&page=2', 'page'],
    ['/api/v1/places/nearest', `${LONDON}&limit=3`, 'limit'],
  ])('%s?%s → 400 naming %s', async (path, query, name) => {
    const { status, sentence } = await ask(`${path}?${query}`);
    expect(status).toBe(400);
    expect(sentence).toMatch(new RegExp(`^${name} is not a parameter of ${path.replaceAll('.', '\\.')} \\(`));
  });

  it('says which parameters the endpoint takes', async () => {
    const { sentence } = await ask(`/api/v1/qibla?${LONDON}&madhab=hanafi`);
    expect(sentence).toBe(
      'madhab is not a parameter of /api/v1/qibla (it takes lat, lon, lng, place, city, country, date).',
    );
  });

  it('takes the key as api_key in the query', async () => {
    const response = await fetch(`${calc.base}/api/v1/qibla?${LONDON}&api_key=${key}`);
    expect(response.status).toBe(200);
  });

  it('answers a missing key with 401 before looking at the parameters', async () => {
    expect((await fetch(`${calc.base}/api/v1/qibla?${LONDON}&madhab=hanafi`)).status).toBe(401);
  });
});
