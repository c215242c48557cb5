// The authority methods through HTTP: Aladhan ids as aliases, method=auto, Umm al-Qura's
// Ramadan Isha. Expected times are the Makkah Umm al-Qura rule (Isha = Maghrib + 90 or
// + 120 min) and the names the docs promise, not values computed by the code under test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';

let calc: CalcHarness;
let key: string;
const authed = (query: string) => calc.get(`/api/v1/prayer-time?${query}`, { headers: { 'X-API-Key': key } });
const MS_PER_MINUTE = 60_000;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('Aladhan method ids', () => {
  it('answers method=17 exactly as method=jakim and echoes the name', async () => {
    const byId = await authed('lat=3.139&lon=101.6869&date=2026-05-01&method=17');
    const byName = await authed('lat=3.139&lon=101.6869&date=2026-05-01&method=jakim');
    expect(byId.status).toBe(200);
    expect(byId.body.data.request.method).toBe('jakim');
    expect(byId.body.data.times).toEqual(byName.body.data.times);
  });
});

describe('method=auto', () => {
  it.each([
    [3.139, 101.6869, 'jakim', 'Malaysia (MY, zone Asia/Kuala_Lumpur)'],
    [-6.2, 106.8, 'kemenag', 'Indonesia (ID, zone Asia/Jakarta)'],
    [48.8566, 2.3522, 'france', 'France (FR, zone Europe/Paris)'],
    [33.97, -6.85, 'morocco', 'Morocco (MA, zone Africa/Casablanca)'],
    [29.37, 47.98, 'kuwait', 'Kuwait (KW, zone Asia/Kuwait)'],
  ])('at %s,%s chooses %s and says so in note', async (lat, lon, method, place) => {
    const { status, body } = await authed(`lat=${lat}&lon=${lon}&date=2026-05-01&method=auto`);
    expect(status).toBe(200);
    expect(body.data.request.method).toBe(method);
    expect(body.data.note).toContain(`method=auto chose ${method} (`);
    expect(body.data.note).toContain(place);
    const direct = await authed(`lat=${lat}&lon=${lon}&date=2026-05-01&method=${method}`);
    expect(body.data.times).toEqual(direct.body.data.times);
    expect(direct.body.data.note).toBeUndefined();
  });

  it('uses the documented fallback (mwl) where no authority is known, and at sea', async () => {
    const london = await authed('lat=51.5074&lon=-0.1278&date=2026-05-01&method=auto');
    expect(london.body.data.request.method).toBe('mwl');
    expect(london.body.data.note).toBe(
      'method=auto found no national calculation authority for United Kingdom (GB, ' +
        'zone Europe/London), so it used the fallback mwl (Muslim World League).',
    );
    const pacific = await authed('lat=0&lon=-140&date=2026-05-01&method=auto');
    expect(pacific.body.data.request.method).toBe('mwl');
    expect(pacific.body.data.note).toContain('for the zone Etc/GMT+9');
  });

  it('chooses by where the coordinates are, not by a timezone override', async () => {
    const { status, body } = await authed('lat=21.4225&lon=39.8262&date=2026-05-01&method=auto&timezone=Europe/London');
    expect(status).toBe(200);
    expect(body.data.request.method).toBe('makkah');
    expect(body.data.request.timezone).toBe('Europe/London');
    expect(body.data.timezone).toBe('Europe/London');
    expect(body.data.note).toContain('Saudi Arabia (SA, zone Asia/Riyadh)');
    const next = await calc.get('/api/v1/prayer-time/next?lat=21.4225&lon=39.8262&method=auto&timezone=Europe/London', {
      headers: { 'X-API-Key': key },
    });
    expect(next.status).toBe(200);
    expect(next.body.data.request.method).toBe('makkah');
    expect(next.body.data.timezone).toBe('Europe/London');
  });

  it('puts its sentence before the polar note where both apply', async () => {
    const { body } = await authed('lat=69.6492&lon=18.9553&date=2026-06-21&method=auto');
    expect(body.data.request.method).toBe('mwl');
    const sentence =
      'method=auto found no national calculation authority for Norway (NO, zone Europe/Oslo), ' +
      'so it used the fallback mwl (Muslim World League). ';
    expect(body.data.note.slice(0, sentence.length)).toBe(sentence);
    expect(body.data.note.slice(sentence.length)).toMatch(/^\S/);
  });
});

describe("Umm al-Qura's Isha in Ramadan", () => {
  const isha = async (date: string) => {
    const { body } = await authed(`lat=21.4225&lon=39.8262&method=makkah&date=${date}`);
    return (Date.parse(body.data.times.isha.utc) - Date.parse(body.data.times.maghrib.utc)) / MS_PER_MINUTE;
  };

  it('is 120 min after Maghrib in Ramadan 1447 (2026-02-18 to 2026-03-19) and 90 min otherwise', async () => {
    expect(await isha('2026-02-17')).toBe(90);
    expect(await isha('2026-02-18')).toBe(120);
    expect(await isha('2026-03-19')).toBe(120);
    expect(await isha('2026-03-20')).toBe(90);
  });
});
