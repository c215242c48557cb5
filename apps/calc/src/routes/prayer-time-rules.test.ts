// Your own rules (fajrAngle, ishaAngle, ishaInterval, maghribAngle), tune, elevation, timezone and
// days that never existed, through GET /api/v1/prayer-time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDateParam } from '../calendar/calendar-date.ts';
import { METHOD_NAMES, SCHOOL_NAMES } from '../methods/methods.ts';
import { computePrayerTimes } from '../prayer/prayer-times.ts';
import { timeZoneAt } from '../places/time-zone.ts';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { randomPlaceDay, seededRandom } from '../test-support/physics-cases.ts';
import { ELEVATION_ERROR, TIMEZONE_ERROR } from './prayer-time-params.ts';

const MS_PER_MINUTE = 60_000;
const LONDON = 'lat=51.5074&lon=-0.1278&date=2026-03-01';
// After Ramadan 1447 (2026-02-18 to 03-19), when makkah's Isha interval is its usual 90 min.
const LONDON_AFTER_RAMADAN = 'lat=51.5074&lon=-0.1278&date=2026-04-01';
const TUNE_ERROR =
  'tune must be a comma-separated list of name:minutes, each name at most once (names: fajr, sunrise, ' +
  'dhuhr, asr, maghrib, isha; minutes: whole numbers from -60 to 60), e.g. tune=fajr:2,dhuhr:1,isha:-3';

let calc: CalcHarness;
let key: string;
const get = (query: string) => calc.get(`/api/v1/prayer-time?${query}`, { headers: { 'X-API-Key': key } });
const ms = (utc: string) => Date.parse(utc);

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

describe('method other needs your own rules', () => {
  it('is a 400 naming what is missing', async () => {
    const none = await get(`${LONDON}&method=other`);
    expect(none.status).toBe(400);
    expect(none.body).toEqual({
      error:
        'method other needs your own rules: fajrAngle and either ishaAngle ' +
        'or ishaInterval (missing: fajrAngle; ishaAngle or ishaInterval)',
    });
    const noIsha = await get(`${LONDON}&method=other&fajrAngle=18`);
    expect(noIsha.body).toEqual({
      error:
        'method other needs your own rules: fajrAngle and either ' +
        'ishaAngle or ishaInterval (missing: ishaAngle or ishaInterval)',
    });
  });

  it('with MWL’s angles gives MWL’s Fajr and Isha (MWL adds only a minute to dhuhr), and echoes them', async () => {
    const own = await get(`${LONDON}&method=other&fajrAngle=18&ishaAngle=17`);
    const mwl = await get(`${LONDON}&method=mwl`);
    expect(own.status).toBe(200);
    expect(own.body.data.times.fajr).toEqual(mwl.body.data.times.fajr);
    expect(own.body.data.times.isha).toEqual(mwl.body.data.times.isha);
    expect(own.body.data.times.maghrib).toEqual(mwl.body.data.times.maghrib);
    expect(own.body.data.request).toMatchObject({ method: 'other', fajrAngle: 18, ishaAngle: 17 });
    expect(own.body.data.note).toBeUndefined();
  });

  it('an Isha interval puts Isha that many minutes after Maghrib', async () => {
    const { body } = await get(`${LONDON}&method=other&fajrAngle=18&ishaInterval=90`);
    expect(ms(body.data.times.isha.utc) - ms(body.data.times.maghrib.utc)).toBe(90 * MS_PER_MINUTE);
    expect(body.data.request).toMatchObject({ fajrAngle: 18, ishaInterval: 90 });
  });
});

describe('rules override any method', () => {
  it('fajrAngle=15 with mwl gives ISNA’s 15° Fajr', async () => {
    const own = await get(`${LONDON}&method=mwl&fajrAngle=15`);
    const isna = await get(`${LONDON}&method=isna`);
    expect(own.body.data.times.fajr).toEqual(isna.body.data.times.fajr);
    expect(own.body.data.request.fajrAngle).toBe(15);
    expect(own.body.data.request).not.toHaveProperty('ishaAngle');
  });

  it('ishaAngle replaces makkah’s 90-minute interval; ishaInterval replaces an angle', async () => {
    const makkah = await get(`${LONDON_AFTER_RAMADAN}&method=makkah`);
    const angled = await get(`${LONDON_AFTER_RAMADAN}&method=makkah&ishaAngle=17`);
    const mwl = await get(`${LONDON_AFTER_RAMADAN}&method=mwl`);
    expect(ms(makkah.body.data.times.isha.utc) - ms(makkah.body.data.times.maghrib.utc)).toBe(90 * MS_PER_MINUTE);
    expect(angled.body.data.times.isha).toEqual(mwl.body.data.times.isha);
    const interval = await get(`${LONDON_AFTER_RAMADAN}&method=mwl&ishaInterval=75`);
    expect(ms(interval.body.data.times.isha.utc) - ms(interval.body.data.times.maghrib.utc)).toBe(75 * MS_PER_MINUTE);
  });

  it('maghribAngle=4.5 puts Maghrib after sunset, as Tehran does', async () => {
    const own = await get(`${LONDON}&method=mwl&maghribAngle=4.5`);
    const tehran = await get(`${LONDON}&method=tehran`);
    expect(own.body.data.times.maghrib).toEqual(tehran.body.data.times.maghrib);
    expect(ms(own.body.data.times.maghrib.utc)).toBeGreaterThan(
      ms((await get(`${LONDON}&method=mwl`)).body.data.times.maghrib.utc),
    );
  });

  it('ishaInterval counts from Maghrib where it is not sunset (maghribAngle, a method angle or offset)', async () => {
    const gap = async (query: string) => {
      const { status, body } = await get(query);
      expect(status).toBe(200);
      return (ms(body.data.times.isha.utc) - ms(body.data.times.maghrib.utc)) / MS_PER_MINUTE;
    };
    expect(await gap(`${LONDON}&method=mwl&maghribAngle=4.5&ishaInterval=90`)).toBe(90);
    expect(await gap(`${LONDON}&method=other&fajrAngle=18&maghribAngle=4.5&ishaInterval=90`)).toBe(90);
    expect(await gap(`${LONDON}&method=tehran&ishaInterval=90`)).toBe(90); // Maghrib at 4.5°
    expect(await gap(`${LONDON}&method=jordan&ishaInterval=90`)).toBe(90); // Maghrib +5 min
    // The methods' own intervals, as documented: after Maghrib, which is sunset but for portugal's +3.
    expect(await gap(`${LONDON_AFTER_RAMADAN}&method=gulf`)).toBe(90);
    expect(await gap(`${LONDON_AFTER_RAMADAN}&method=qatar`)).toBe(90);
    expect(await gap(`${LONDON}&method=portugal`)).toBe(77);
  });

  it.each([
    ['fajrAngle=0', 'fajrAngle must be a number of degrees greater than 0 and at most 30'],
    ['fajrAngle=30.5', 'fajrAngle must be a number of degrees greater than 0 and at most 30'],
    ['ishaAngle=1e1', 'ishaAngle must be a number of degrees greater than 0 and at most 30'],
    ['maghribAngle=abc', 'maghribAngle must be a number of degrees greater than 0 and at most 30'],
    ['ishaInterval=0', 'ishaInterval must be a whole number of minutes from 1 to 300'],
    ['ishaInterval=90.5', 'ishaInterval must be a whole number of minutes from 1 to 300'],
    ['ishaInterval=301', 'ishaInterval must be a whole number of minutes from 1 to 300'],
    ['ishaAngle=17&ishaInterval=90', 'give either ishaAngle or ishaInterval, not both'],
    ['fajrAngle=18&fajrAngle=19', 'fajrAngle must be sent once, not repeated'],
    ['fajrAngle=', 'fajrAngle must be a number of degrees greater than 0 and at most 30'],
    ['ishaInterval=', 'ishaInterval must be a whole number of minutes from 1 to 300'],
  ])('%s → 400', async (query, error) => {
    const { status, body } = await get(`${LONDON}&${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error });
  });
});

describe('tune', () => {
  it('moves each named time by its minutes and echoes the offsets in the day’s order', async () => {
    const base = await get(LONDON);
    const tuned = await get(`${LONDON}&tune=isha:-3,FAJR:2,dhuhr:%2B1`);
    expect(tuned.status).toBe(200);
    const moved = (name: string) =>
      (ms(tuned.body.data.times[name].utc) - ms(base.body.data.times[name].utc)) / MS_PER_MINUTE;
    expect([moved('fajr'), moved('sunrise'), moved('dhuhr'), moved('asr'), moved('maghrib'), moved('isha')]).toEqual([
      2, 0, 1, 0, 0, -3,
    ]);
    expect(tuned.body.data.request.tune).toEqual({ fajr: 2, dhuhr: 1, isha: -3 });
    expect(Object.keys(tuned.body.data.request.tune)).toEqual(['fajr', 'dhuhr', 'isha']);
    expect(base.body.data.request).not.toHaveProperty('tune');
  });

  it.each(['fajr:61', 'fajr:-61', 'noon:1', 'fajr:1,fajr:2', 'fajr:1.5', 'fajr', 'fajr:1,', 'fajr=1'])(
    'tune=%s → 400',
    async (tune) => {
      const { status, body } = await get(`${LONDON}&tune=${encodeURIComponent(tune)}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: TUNE_ERROR });
    },
  );
});

describe('elevation', () => {
  const moved = (a: any, b: any, name: string) =>
    (ms(a.body.data.times[name].utc) - ms(b.body.data.times[name].utc)) / MS_PER_MINUTE;

  it('brings sunrise earlier and Maghrib later at a height, leaves the rest, and is echoed', async () => {
    const sea = await get(`${LONDON}&method=mwl`);
    const high = await get(`${LONDON}&method=mwl&elevation=1000`);
    expect(high.status).toBe(200);
    // The standard dip at 1000 m is 0.93°: about 6 min at London in March.
    expect(moved(high, sea, 'sunrise')).toBeLessThanOrEqual(-4);
    expect(moved(high, sea, 'maghrib')).toBeGreaterThanOrEqual(4);
    for (const name of ['fajr', 'dhuhr', 'asr', 'isha']) expect(moved(high, sea, name), name).toBe(0);
    expect(high.body.data.request.elevation).toBe(1000);
    expect(sea.body.data.request).not.toHaveProperty('elevation');
  });

  it("uses morocco's own rule: with Ifrane's 1,648 m Maghrib is Habous's, without it 4 min early", async () => {
    const ifrane = 'lat=33.52666&lon=-5.11019&date=2026-09-01';
    const own = await get(`${ifrane}&method=morocco&elevation=1648`);
    const sea = await get(`${ifrane}&method=morocco`);
    // Habous's table for that day: Maghrib 19:53 (fixtures/authority-tables/habous-2020-2026.json).
    const table = Date.parse('2026-09-01T19:53:00+01:00');
    expect(Math.abs(ms(own.body.data.times.maghrib.utc) - table)).toBeLessThanOrEqual(MS_PER_MINUTE);
    expect(moved(own, sea, 'maghrib')).toBeGreaterThanOrEqual(4);
  });

  it.each(['-501', '9001', 'high', '1e3', ''])('elevation=%s → 400 naming it (empty too)', async (raw) => {
    const { status, body } = await get(`${LONDON}&elevation=${raw}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: ELEVATION_ERROR });
  });
});

describe('timezone', () => {
  it('overrides the zone found from the coordinates, canonical spelling, echoed', async () => {
    const { status, body } = await get(`${LONDON}&timezone=asia/tokyo`);
    expect(status).toBe(200);
    expect(body.data.timezone).toBe('Asia/Tokyo');
    expect(body.data.request.timezone).toBe('Asia/Tokyo');
    const london = await get(LONDON);
    expect(london.body.data.request).not.toHaveProperty('timezone');
    // The same instant, shown on Tokyo's clock (UTC+9 all year).
    const dhuhrUtc = london.body.data.times.dhuhr.utc;
    expect(body.data.times.dhuhr.utc).toBe(dhuhrUtc);
    expect(body.data.times.dhuhr.local).toBe(new Date(ms(dhuhrUtc) + 9 * 3_600_000).toISOString().slice(0, 19));
  });

  it.each(['Mars/Olympus_Mons', '+03:00', 'UTC+3', 'Europe/', ' Europe/London'])('timezone=%s → 400', async (zone) => {
    const { status, body } = await get(`${LONDON}&timezone=${encodeURIComponent(zone)}`);
    expect(status).toBe(400);
    expect(body).toEqual({ error: TIMEZONE_ERROR });
  });
});

describe('a local day that never existed', () => {
  const APIA = 'lat=-13.8333&lon=-171.7667';

  it('Apia skipped 2011-12-30 when Samoa moved across the date line: 400 saying so', async () => {
    const { status, body } = await get(`${APIA}&date=2011-12-30`);
    expect(status).toBe(400);
    expect(body).toEqual({
      error:
        'date 2011-12-30 did not exist in Pacific/Apia: the zone skipped that day when it moved across the date line',
    });
  });

  it('the days either side exist and are given their own times', async () => {
    for (const date of ['2011-12-29', '2011-12-31']) {
      const { status, body } = await get(`${APIA}&date=${date}`);
      expect(status).toBe(200);
      expect(body.data.times.dhuhr.local.slice(0, 10)).toBe(date);
    }
  });
});

describe('the poles', () => {
  it('gives the North Pole the nautical zone of the longitude, so Dhuhr is on the requested day', async () => {
    for (const [lon, zone] of [
      ['0', 'Etc/GMT'],
      ['100', 'Etc/GMT-7'],
      ['-75', 'Etc/GMT+5'],
    ]) {
      const { status, body } = await get(`lat=90&lon=${lon}&date=2026-03-21`);
      expect(status).toBe(200);
      expect(body.data.timezone).toBe(zone);
      expect(body.data.times.dhuhr.local.slice(0, 10)).toBe('2026-03-21');
    }
  });
});

describe('Asr at the sun’s position at that instant', () => {
  it('Anchorage 2026-01-15 (isna, shafi): 14:11, the sun at Asr’s altitude 14:10:52 (adhan alone: 14:16)', async () => {
    const { body } = await get('lat=61.2181&lon=-149.9003&method=isna&school=shafi&date=2026-01-15');
    expect(body.data.times.asr.local).toBe('2026-01-15T14:11:00');
  });
});

describe('the API returns the computation the physics test measures', () => {
  it('for seeded random places and days over every method and both schools', async () => {
    const random = seededRandom(7);
    for (const method of METHOD_NAMES) {
      for (const school of SCHOOL_NAMES) {
        const { lat, lon, date } = randomPlaceDay(random);
        const rules = method === 'other' ? { fajrAngle: 16.5, ishaInterval: 80 } : {};
        const extra = method === 'other' ? '&fajrAngle=16.5&ishaInterval=80' : '';
        const { status, body } = await get(
          `lat=${lat}&lon=${lon}&date=${date}&method=${method}&school=${school}${extra}`,
        );
        expect(status).toBe(200);
        const timeZone = timeZoneAt(lat, lon);
        const options = {
          method,
          school,
          date: parseDateParam(date, timeZone)!,
          highLatitudeRule: 'middleofthenight',
          polarResolution: 'aqrabbalad',
          rules,
        } as const;
        expect(body.data.times, `${method} ${school} ${lat},${lon} ${date}`).toEqual(
          computePrayerTimes(lat, lon, timeZone, options).times,
        );
      }
    }
  });
});
