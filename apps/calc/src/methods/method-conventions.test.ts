import { Rounding } from 'adhan';
import { describe, expect, it } from 'vitest';
import { readUmmAlQuraMonths } from '../test-support/umm-al-qura-months.ts';
import { methodParameters, ummAlQuraMonth } from './method-conventions.ts';
import { METHOD_BY_ALADHAN_ID, METHOD_BY_NAME, METHOD_DEFINITIONS } from './method-registry.ts';

const params = (name: string, isoDate?: string) => methodParameters(METHOD_BY_NAME.get(name)!, isoDate);

describe('the authority methods carry their published parameters', () => {
  // Aladhan's method list (api.aladhan.com/v1/methods): fajr°, isha° or minutes after Maghrib.
  it.each([
    ['jafari', 16, 14, 0],
    ['gulf', 19.5, 0, 90],
    ['france', 12, 12, 0],
    ['russia', 16, 15, 0],
    ['tunisia', 18, 18, 0],
    ['algeria', 18, 17, 0],
    ['kemenag', 20, 18, 0],
    ['morocco', 19, 17, 0],
    ['jordan', 18, 18, 0],
  ])('%s: Fajr %s°, Isha %s° / %s min', (name, fajr, isha, interval) => {
    const p = params(name);
    expect(p.fajrAngle).toBe(fajr);
    expect(p.ishaAngle).toBe(isha);
    expect(p.ishaInterval).toBe(interval);
  });

  it('jafari sets Maghrib at 4° below the horizon', () => {
    expect(params('jafari').maghribAngle).toBe(4);
  });

  it('portugal puts Maghrib 3 min after sunset, and Isha 77 min after that', () => {
    const portugal = params('portugal');
    expect(portugal.methodAdjustments.maghrib).toBe(3);
    expect(portugal.ishaInterval + portugal.methodAdjustments.isha).toBe(80);
  });

  it('jakim and kemenag round up and add their ihtiyat minutes', () => {
    const jakim = params('jakim');
    expect(jakim.rounding).toBe(Rounding.Up);
    expect(jakim.methodAdjustments).toEqual({ fajr: 1, sunrise: 0, dhuhr: 2, asr: 1, maghrib: 1, isha: 1 });
    const kemenag = params('kemenag');
    expect(kemenag.rounding).toBe(Rounding.Up);
    expect(kemenag.methodAdjustments).toEqual({ fajr: 2, sunrise: -3, dhuhr: 3, asr: 2, maghrib: 2, isha: 2 });
  });

  it('kelantan is jakim with Isyak at 17°', () => {
    const { ishaAngle, methodAdjustments, rounding, fajrAngle } = params('kelantan');
    expect({ fajrAngle, ishaAngle, rounding }).toEqual({ fajrAngle: 18, ishaAngle: 17, rounding: Rounding.Up });
    expect(methodAdjustments).toEqual(params('jakim').methodAdjustments);
  });

  it("kemenag, morocco and jordan take sunrise and Maghrib at their authority's horizon", () => {
    expect(params('kemenag').horizon).toEqual({ sunrise: 1, maghrib: 1 });
    expect(params('morocco').horizon).toEqual({ sunrise: 1.35, maghrib: 1.5 });
    expect(params('morocco').elevationDip).toBe(0.024);
    expect(params('jordan').horizon).toEqual({ sunrise: 1.1, maghrib: 1.1 });
    expect(params('jordan').elevationDip).toBe(0.035);
    expect(params('jordan').methodAdjustments.maghrib).toBe(0);
    expect(params('mwl').horizon).toBeUndefined();
  });

  it('morocco adds 5 min to Dhuhr and drops the seconds of Fajr; turkey takes the sun once a day', () => {
    expect(params('morocco').methodAdjustments.dhuhr).toBe(5);
    expect(params('morocco').roundingOf).toEqual({ fajr: 'down' });
    expect(params('turkey').dailySun).toBe(true);
    expect(params('turkey').methodAdjustments).toMatchObject({ sunrise: -7, dhuhr: 5, asr: 4, maghrib: 7 });
    expect(params('karachi').dailySun).toBeUndefined();
  });

  it('oman adds 5 min to Dhuhr, Asr and Maghrib at 18°/18°, to the nearest minute', () => {
    const oman = params('oman');
    expect([oman.fajrAngle, oman.ishaAngle, oman.rounding]).toEqual([18, 18, Rounding.Nearest]);
    expect(oman.methodAdjustments).toEqual({ fajr: 0, sunrise: 0, dhuhr: 5, asr: 5, maghrib: 5, isha: 0 });
  });

  it('cairo gives Dhuhr at the transit, rounded to the nearest minute, instead of adding a minute', () => {
    expect(params('cairo').methodAdjustments.dhuhr).toBe(0);
    expect(params('cairo').rounding).toBe(Rounding.Nearest);
  });

  it('algeria puts Maghrib 3 min after sunset and rounds every time up, as the Ministry tables', () => {
    expect(params('algeria').methodAdjustments).toEqual({ fajr: 0, sunrise: 0, dhuhr: 0, asr: 0, maghrib: 3, isha: 0 });
    expect(params('algeria').rounding).toBe(Rounding.Up);
  });

  it('every method names its source and authority', () => {
    for (const m of METHOD_DEFINITIONS) {
      expect(m.source.length, m.name).toBeGreaterThan(10);
      expect(m.authority.length, m.name).toBeGreaterThan(3);
    }
  });
});

describe("Umm al-Qura's Ramadan Isha", () => {
  it('knows the Umm al-Qura month of a civil date', () => {
    // Ramadan 1447 AH ran from 2026-02-18 to 2026-03-19 in the Umm al-Qura calendar.
    expect(ummAlQuraMonth('2026-02-17')).toBe(8);
    expect(ummAlQuraMonth('2026-02-18')).toBe(9);
    expect(ummAlQuraMonth('2026-03-19')).toBe(9);
    expect(ummAlQuraMonth('2026-03-20')).toBe(10);
  });

  it("knows every official first of Ramadan and of Shawwal, 1356-1500 AH (the Hijri dates' table)", () => {
    for (const [year, days] of Object.entries(readUmmAlQuraMonths().firstDays)) {
      expect(ummAlQuraMonth(days[8]!), `1 Ramadan ${year}`).toBe(9);
      expect(ummAlQuraMonth(days[9]!), `1 Shawwal ${year}`).toBe(10);
    }
  });

  it('has no Umm al-Qura month outside the official table (1937-03-14 to 2077-11-16)', () => {
    expect(ummAlQuraMonth('1937-03-13')).toBeNull();
    expect(ummAlQuraMonth('2077-11-17')).toBeNull();
  });

  it('is 120 min in Ramadan and 90 min otherwise; no date, no seasonal rule', () => {
    expect(params('makkah', '2026-03-01').ishaInterval).toBe(120);
    expect(params('makkah', '2026-04-01').ishaInterval).toBe(90);
    expect(params('makkah').ishaInterval).toBe(90);
    expect(params('qatar', '2026-03-01').ishaInterval).toBe(90);
  });

  it("follows the official calendar over ICU's: 1 Ramadan 1453 is 2031-12-15, 1 Shawwal 1454 is 2033-01-02", () => {
    expect(params('makkah', '2031-12-14').ishaInterval).toBe(90);
    expect(params('makkah', '2031-12-15').ishaInterval).toBe(120);
    expect(params('makkah', '2033-01-01').ishaInterval).toBe(120);
    expect(params('makkah', '2033-01-02').ishaInterval).toBe(90);
  });

  it('keeps 90 min outside the official table, where the Umm al-Qura month is unknown', () => {
    expect(params('makkah', '1900-12-25').ishaInterval).toBe(90);
  });
});

describe('Aladhan numeric ids', () => {
  it.each([
    [0, 'jafari'],
    [1, 'karachi'],
    [2, 'isna'],
    [3, 'mwl'],
    [4, 'makkah'],
    [5, 'cairo'],
    [7, 'tehran'],
    [8, 'gulf'],
    [9, 'kuwait'],
    [10, 'qatar'],
    [11, 'singapore'],
    [12, 'france'],
    [13, 'turkey'],
    [14, 'russia'],
    [15, 'moonsightingcommittee'],
    [16, 'dubai'],
    [17, 'jakim'],
    [18, 'tunisia'],
    [19, 'algeria'],
    [20, 'kemenag'],
    [21, 'morocco'],
    [22, 'portugal'],
    [23, 'jordan'],
    [99, 'other'],
  ])('%i is %s', (id, name) => {
    expect(METHOD_BY_ALADHAN_ID.get(id)?.name).toBe(name);
  });

  it('6 is not a method (Aladhan has none)', () => {
    expect(METHOD_BY_ALADHAN_ID.has(6)).toBe(false);
  });
});
