// /places, /places/nearest and the calculations by place, over HTTP with the gazetteer of
// the built content tree (issue 33 "Done when").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { builtPlaces } from '../test-support/places.ts';

let calc: CalcHarness;
let key: string;
beforeAll(async () => {
  calc = await startCalc({ app: { places: await builtPlaces() } });
  key = await calc.issue({ general: 100_000, calculation: 100_000 });
}, 60_000);
afterAll(() => calc.close());

const get = (path: string) => calc.get(`${path}${path.includes('?') ? '&' : '?'}api_key=${key}`);
const search = async (query: string) => (await get(`/api/v1/places?${query}`)).body;
const first = async (q: string, extra = '') => (await search(`q=${encodeURIComponent(q)}${extra}`)).data[0];

// GeoNames ids of the places the issue names.
const LONDON = 2643743;
const MECCA = 104515;
const DHAKA = 1185241;
const DOHA = 290030;

describe('GET /api/v1/places', () => {
  it('finds London, GB first for "London"', async () => {
    expect(await first('London')).toMatchObject({
      id: LONDON,
      name: 'London',
      country: { code: 'GB', name: 'United Kingdom' },
    });
  });

  it.each(['Mecca', 'Makkah', 'مكة', 'মক্কা'])('finds Mecca, SA first for %j', async (q) => {
    expect(await first(q)).toMatchObject({ id: MECCA, country: { code: 'SA' } });
  });

  it.each(['Dhaka', 'ঢাকা', 'Dacca'])('finds Dhaka, BD first for %j', async (q) => {
    expect(await first(q)).toMatchObject({ id: DHAKA, country: { code: 'BD' }, timezone: 'Asia/Dhaka' });
  });

  it('finds Doha in Qatar with country=QA, and only places of Qatar', async () => {
    const body = await search('q=Doha&country=QA');
    expect(body.data[0]).toMatchObject({ id: DOHA, name: 'Doha', country: { code: 'QA' } });
    for (const place of body.data) expect(place.country.code).toBe('QA');
  });

  it('returns several Springfields with country=US, each with its state', async () => {
    const body = await search('q=Springfield&country=US');
    const springfields = body.data.filter((place: any) => place.name === 'Springfield');
    expect(springfields.length).toBeGreaterThanOrEqual(5);
    const states = springfields.map((place: any) => place.admin1);
    expect(new Set(states).size).toBe(states.length);
    expect(states).toEqual(expect.arrayContaining(['Illinois', 'Massachusetts', 'Missouri']));
  });

  it('gives each place its shape, and the GeoNames attribution', async () => {
    const body = await search('q=Dhaka&limit=1');
    expect(body).toMatchObject({ success: true, service: 'places', count: 1 });
    expect(body.data[0]).toEqual({
      id: DHAKA,
      name: 'Dhaka',
      country: { code: 'BD', name: 'Bangladesh' },
      admin1: 'Dhaka Division',
      latitude: 23.7104,
      longitude: 90.40744,
      timezone: 'Asia/Dhaka',
      population: expect.any(Number),
      elevation: expect.any(Number),
      names: { ar: expect.any(String), bn: 'ঢাকা' },
    });
    expect(body.api_info.attribution).toMatch(/GeoNames.*CC BY 4\.0/);
    expect(body.rateLimit.category).toBe('general');
  });

  it('answers no match with 200 and an empty list', async () => {
    expect(await search('q=Zzqqxxyy')).toMatchObject({ count: 0, data: [] });
  });

  it.each([
    ['', /^q /],
    ['q=', /^q /],
    ['q=%20%20', /^q /],
    [`q=${'a'.repeat(101)}`, /^q /],
    ['q=Doha%00', /^q .*control characters/],
    ['q=Do%0Aha', /^q .*control characters/],
    ['q=Doha&limit=0', /^limit /],
    ['q=Doha&limit=51', /^limit /],
    ['q=Doha&limit=ten', /^limit /],
    ['q=Doha&country=Narnia', /^country /],
    ['q=Doha&country=ZZ', /^country /],
  ])('answers %j with a 400 naming the parameter', async (query, message) => {
    const { status, body } = await get(`/api/v1/places?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'Bad Request' });
    expect(body.message).toMatch(message);
  });
});

describe('GET /api/v1/places/nearest', () => {
  it('names Dhaka, Bangladesh under a GPS fix in Dhaka, with the distance', async () => {
    const { status, body } = await get('/api/v1/places/nearest?lat=23.7104&lon=90.40744');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: DHAKA, country: { name: 'Bangladesh' }, distance_km: 0 });
  });

  it.each(['lat=91&lon=0', 'lat=abc&lon=0', 'lon=0', 'lat=1&lon=181'])('answers %j with a 400', async (query) => {
    const { status, body } = await get(`/api/v1/places/nearest?${query}`);
    expect(status).toBe(400);
    expect(body.message).toBe('lat and lon are required and must be valid numbers.');
  });
});

describe('calculations by place', () => {
  it("gives the same times for place=<London's id> as for London's coordinates", async () => {
    const place = await first('London');
    const byPlace = (await get(`/api/v1/prayer-time?place=${LONDON}&date=2026-03-20`)).body.data;
    const byCoordinates = (
      await get(`/api/v1/prayer-time?lat=${place.latitude}&lon=${place.longitude}&date=2026-03-20`)
    ).body.data;
    expect(byPlace.times).toEqual(byCoordinates.times);
    expect(byPlace.timezone).toBe(byCoordinates.timezone);
    expect(byPlace.request.place).toEqual({
      id: LONDON,
      name: 'London',
      country: 'GB',
      latitude: place.latitude,
      longitude: place.longitude,
    });
    expect(byPlace.request).toMatchObject({ lat: place.latitude, lon: place.longitude });
  });

  it('takes a city in any of the three scripts, and echoes the place used', async () => {
    for (const city of ['Dhaka', 'ঢাকা', 'Dacca']) {
      const { status, body } = await get(`/api/v1/prayer-time?city=${encodeURIComponent(city)}&date=2026-03-20`);
      expect(status).toBe(200);
      expect(body.data.request.place).toMatchObject({ id: DHAKA, country: 'BD' });
    }
    const doha = (await get('/api/v1/prayer-time?city=Doha&country=QA&date=2026-03-20')).body.data;
    expect(doha.request.place.id).toBe(DOHA);
  });

  it('takes a place on the calendar, the next prayer, the feed and the Qibla', async () => {
    const calendar = await get(`/api/v1/prayer-time/calendar?place=${MECCA}&year=2026&month=3`);
    expect(calendar.body.data.request.place.id).toBe(MECCA);
    expect(calendar.body.data.days).toHaveLength(31);
    const next = await get(`/api/v1/prayer-time/next?city=Makkah&at=2026-03-20T01:00:00Z`);
    expect(next.body.data.request.place.id).toBe(MECCA);
    const feed = await fetch(
      `${calc.base}/api/v1/prayer-time/calendar.ics?city=${encodeURIComponent('মক্কা')}&days=2&api_key=${key}`,
    );
    expect(feed.status).toBe(200);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR/);
    const qibla = (await get(`/api/v1/qibla?place=${DHAKA}`)).body.data.data;
    const byCoordinates = (await get('/api/v1/qibla?lat=23.7104&lon=90.40744')).body.data.data;
    expect(qibla.compass_bearing).toBe(byCoordinates.compass_bearing);
    expect(qibla.request.place).toMatchObject({ id: DHAKA });
  });

  it("takes method=auto from the place's country, not from its zone", async () => {
    // Tqvarch'eli, GE (GeoNames 611583) keeps Moscow time: by its coordinates auto sees Russia.
    const byPlace = (await get('/api/v1/prayer-time?place=611583&method=auto&date=2026-03-20')).body.data;
    expect(byPlace.request.method).toBe('mwl');
    expect(byPlace.note).toMatch(/Georgia \(GE/);
    const { latitude, longitude } = byPlace.request.place;
    const byCoordinates = (
      await get(`/api/v1/prayer-time?lat=${latitude}&lon=${longitude}&method=auto&date=2026-03-20`)
    ).body.data;
    expect(byCoordinates.request.method).toBe('russia');
  });

  it('answers city=Springfield without a country with a 400 listing candidates and their ids', async () => {
    const { status, body } = await get('/api/v1/prayer-time?city=Springfield');
    expect(status).toBe(400);
    expect(Object.keys(body).sort()).toEqual(['candidates', 'error']);
    expect(body.error).toMatch(/^city=Springfield matches several places/);
    expect(body.candidates.length).toBeGreaterThanOrEqual(2);
    expect(body.candidates.length).toBeLessThanOrEqual(5);
    for (const candidate of body.candidates)
      expect(candidate).toMatchObject({
        id: expect.any(Number),
        name: 'Springfield',
        country: 'US',
        admin1: expect.any(String),
      });
  });

  it.each([
    ['/api/v1/prayer-time?place=2643743&lat=51.5&lon=-0.12', 400, /^send either place or coordinates/],
    ['/api/v1/prayer-time?city=London&lon=-0.12', 400, /^send either city or coordinates/],
    ['/api/v1/prayer-time?place=2643743&city=London', 400, /^send either place or city/],
    ['/api/v1/prayer-time?place=London', 400, /^place must be a GeoNames id/],
    ['/api/v1/prayer-time?place=1', 404, /^place 1 is not/],
    ['/api/v1/prayer-time/calendar?place=99999999&year=2026', 404, /^place 99999999 /],
    ['/api/v1/prayer-time?city=Zzqqxxyy', 404, /city=Zzqqxxyy/],
    ['/api/v1/prayer-time?city=Doha&country=Narnia', 400, /^country /],
    ['/api/v1/prayer-time?lat=1&lon=1&country=QA', 400, /^country narrows city/],
    [`/api/v1/prayer-time?city=${'a'.repeat(101)}`, 400, /^city must be/],
  ])('answers %s with %i naming the parameter', async (path, status, error) => {
    const answer = await get(path);
    expect(answer.status).toBe(status);
    expect(Object.keys(answer.body)).toEqual(['error']);
    expect(answer.body.error).toMatch(error);
  });

  it('writes the Qibla errors in its own form', async () => {
    const unknown = await get('/api/v1/qibla?place=1');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      error: 'Not Found',
      message: expect.stringMatching(/^place 1 /),
    });
    const ambiguous = await get('/api/v1/qibla?city=Springfield');
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body).toMatchObject({ success: false, error: 'Bad Request', candidates: expect.any(Array) });
  });
});
