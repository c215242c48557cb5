// A timetable computes its days in a run that shares work between them (solar days and
// their events found once, the next day's sunrise reused): every day of it must still be
// exactly what that day computed alone gives, across polar night and midnight sun.
import { describe, expect, it } from 'vitest';
import { dayOptions, parseDayExtras } from '../routes/day-params.ts';
import { parsePrayerTimeRequest } from '../routes/prayer-time-params.ts';
import { fixturePlaces } from '../test-support/places.ts';
import { calendarDate, type CalendarDate } from '../calendar/calendar-date.ts';
import { LONG_RUNS_AT_ONCE } from '../compute-turns.ts';
import { countTurns } from '../test-support/turns.ts';
import {
  computeDays,
  computeDaysJson,
  DAYS_PER_TURN,
  inPlaceTurn,
  type DayOptions,
  type DaysJson,
  type PrayerDays,
} from './prayer-day.ts';
import { computePrayerTimes } from './prayer-times.ts';

const MAKKAH = { lat: 21.4225, lon: 39.8262, timeZone: 'Asia/Riyadh' };
const POLAR = { aqrabbalad: 'aqrabbalad', unresolved: 'unresolved' } as const;

function options(method: DayOptions['method'], polarResolution: DayOptions['polarResolution']): DayOptions {
  return {
    method,
    school: 'shafi',
    highLatitudeRule: 'middleofthenight',
    polarResolution,
    hijriAdjustment: 0,
    imsakMinutes: 10,
  };
}

function dayAlone(lat: number, lon: number, timeZone: string, rules: DayOptions, date: CalendarDate) {
  return computeDays(lat, lon, timeZone, rules, date, 1).days[0];
}

describe('computeDays over a whole year', () => {
  const places = [
    { name: 'Tromsø', lat: 69.6496, lon: 18.956, timeZone: 'Europe/Oslo' },
    { name: 'Longyearbyen', lat: 78.2232, lon: 15.6267, timeZone: 'Arctic/Longyearbyen' },
  ];
  for (const place of places) {
    // isna keeps Maghrib at sunset; tehran's Maghrib is an angle, so its sunset is a second computation.
    for (const [method, polar] of [
      ['isna', POLAR.aqrabbalad],
      ['tehran', POLAR.aqrabbalad],
      ['isna', POLAR.unresolved],
    ] as const) {
      it(`${place.name}, ${method}, ${polar}: every day equals the day computed alone`, () => {
        const rules = options(method, polar);
        const { days } = computeDays(place.lat, place.lon, place.timeZone, rules, calendarDate(2026, 1, 1)!, 365);
        expect(days).toHaveLength(365);
        // Alone, backwards, with another place's day in between: nothing the run kept can stand in.
        for (const day of [...days].reverse()) {
          const [year, month, date] = day.date.split('-').map(Number);
          const alone = dayAlone(place.lat, place.lon, place.timeZone, rules, calendarDate(year!, month!, date!)!);
          dayAlone(MAKKAH.lat, MAKKAH.lon, MAKKAH.timeZone, rules, calendarDate(year!, month!, date!)!);
          expect(day, day.date).toEqual(alone);
        }
        // The year crosses polar night and midnight sun: the notes that say so are still there.
        expect(days.some((day) => day.note?.includes('polar day or night'))).toBe(true);
      });
    }
  }
});

/** computeDays's answer as computeDaysJson gives it: the days' JSON array, and the skipped dates. */
const asJson = ({ days, skipped }: PrayerDays) => ({ json: JSON.stringify(days), skipped });
const joined = ({ runs, skipped }: DaysJson) => ({ json: `[${runs.join(',')}]`, skipped });

describe('computeDaysJson', () => {
  const cases = [
    // 2011-12-30 did not exist in Apia (the zone moved across the date line).
    {
      name: 'Apia, 2011',
      lat: -13.8333,
      lon: -171.7667,
      timeZone: 'Pacific/Apia',
      year: 2011,
      polar: POLAR.aqrabbalad,
    },
    {
      name: 'Longyearbyen, 2026',
      lat: 78.2232,
      lon: 15.6267,
      timeZone: 'Arctic/Longyearbyen',
      year: 2026,
      polar: 'aqrabyaum',
    },
  ] as const;
  it.each(cases)(
    'gives the days of one run, a month at a time ($name)',
    async ({ lat, lon, timeZone, year, polar }) => {
      const rules = options('tehran', polar);
      const first = calendarDate(year, 1, 1)!;
      const counter = countTurns();
      const inTurns = await computeDaysJson(lat, lon, timeZone, rules, first, 365);
      counter.stop();
      expect(joined(inTurns)).toEqual(asJson(computeDays(lat, lon, timeZone, rules, first, 365)));
      // Other work ran between the runs: a turn of the event loop after each month.
      expect(counter.turns).toBeGreaterThanOrEqual(Math.ceil(365 / DAYS_PER_TURN) - 1);
    },
  );

  it('computes a calendar of one run (a month, a Ramadan) at once, waiting for no turn', async () => {
    const rules = options('isna', POLAR.aqrabbalad);
    const first = calendarDate(2026, 3, 1)!;
    let turned = false;
    setImmediate(() => (turned = true));
    const month = await computeDaysJson(MAKKAH.lat, MAKKAH.lon, MAKKAH.timeZone, rules, first, DAYS_PER_TURN);
    expect(turned, 'the event loop turned before the month was computed').toBe(false);
    expect(joined(month)).toEqual(
      asJson(computeDays(MAKKAH.lat, MAKKAH.lon, MAKKAH.timeZone, rules, first, DAYS_PER_TURN)),
    );
  });

  it(`has at most ${LONG_RUNS_AT_ONCE} years under way at once; the others wait whole, not a month each`, async () => {
    const rules = options('isna', POLAR.aqrabbalad);
    const monthsPerYear = Math.ceil(365 / DAYS_PER_TURN);
    const counter = countTurns();
    const finishedAt = await Promise.all(
      Array.from({ length: LONG_RUNS_AT_ONCE + 1 }, async (_, i) => {
        await computeDaysJson(MAKKAH.lat, MAKKAH.lon, MAKKAH.timeZone, rules, calendarDate(2001 + i, 1, 1)!, 365);
        return counter.turns;
      }),
    );
    counter.stop();
    // Each year held its days until it ended: the last one asked began only when a first one had ended.
    expect(finishedAt.at(-1)! - finishedAt[0]!).toBeGreaterThanOrEqual(monthsPerYear - 1);
  });
});

// A day at the pole under aqrabyaum tests half a year of days either way and finds none
// (bench: worst-north-pole-day); Longyearbyen's polar night searches for its nearest usable day.
const NORTH_POLE = { lat: 90, lon: -90, timeZone: 'UTC' };
const LONGYEARBYEN = { lat: 78.2232, lon: 15.6267, timeZone: 'Arctic/Longyearbyen' };

describe('work at a polar place waits its turn', () => {
  const { lat, lon, timeZone } = NORTH_POLE;

  it('computes polar days asked at once a turn apart', async () => {
    const rules = options('tehran', 'aqrabyaum');
    const years = [2030, 2031, 2032, 2033, 2034];
    const counter = countTurns();
    const turns = await Promise.all(
      years.map((year) =>
        inPlaceTurn(lat, rules.polarResolution, () => {
          dayAlone(lat, lon, timeZone, rules, calendarDate(year, 12, 21)!);
          return counter.turns;
        }),
      ),
    );
    counter.stop();
    // Between two of them calc reads and answers everything else: no two in one turn.
    expect(new Set(turns).size).toBe(years.length);
  });

  it('computes a day elsewhere, or with no polar resolution, at once', () => {
    const makkah = inPlaceTurn(MAKKAH.lat, 'aqrabyaum', () => 'answered');
    const unresolved = inPlaceTurn(lat, POLAR.unresolved, () => 'answered');
    expect([makkah, unresolved]).toEqual(['answered', 'answered']);
  });

  it('computes a polar month in a turn of its own', async () => {
    const rules = options('isna', 'aqrabyaum');
    const first = calendarDate(2029, 12, 1)!;
    let turned = false;
    setImmediate(() => (turned = true));
    const place = LONGYEARBYEN;
    const month = await computeDaysJson(place.lat, place.lon, place.timeZone, rules, first, DAYS_PER_TURN);
    expect(turned, 'the event loop turned before the month was computed').toBe(true);
    expect(joined(month)).toEqual(
      asJson(computeDays(place.lat, place.lon, place.timeZone, rules, first, DAYS_PER_TURN)),
    );
  });
});

describe('extra.sunset', () => {
  // Options as the routes build them (every key present: timeZoneGiven, rules, tune).
  const cases = [
    {
      why: 'karachi: Maghrib is sunset',
      query: { lat: '21.4225', lon: '39.8262', method: 'karachi' },
      zone: 'Asia/Riyadh',
      month: 1,
      ownDiffers: false,
    },
    {
      why: 'singapore: rounds Maghrib up, mwl to the nearest minute',
      query: { lat: '1.3521', lon: '103.8198', method: 'singapore' },
      zone: 'Asia/Singapore',
      month: 1,
      ownDiffers: true,
    },
    {
      why: 'jordan: Maghrib 5 min after sunset',
      query: { lat: '31.9539', lon: '35.9106', method: 'jordan' },
      zone: 'Asia/Amman',
      month: 1,
      ownDiffers: true,
    },
    {
      why: 'karachi with tune maghrib:2',
      query: { lat: '21.4225', lon: '39.8262', method: 'karachi', tune: 'maghrib:2' },
      zone: 'Asia/Riyadh',
      month: 1,
      ownDiffers: true,
    },
    // cairo's Dhuhr is 1 min before mwl's; near local midnight that moves its solar day.
    {
      why: 'cairo, Dhuhr near local midnight',
      query: { lat: '30', lon: '30', method: 'cairo', timezone: 'Pacific/Kiritimati' },
      zone: 'Africa/Cairo',
      month: 4,
      ownDiffers: true,
    },
    // A Dhuhr an hour later comes after the short polar-edge day's sunset: Maghrib is dropped, sunset is not.
    {
      why: 'karachi with tune dhuhr:60 in the Antarctic winter',
      query: { lat: '-77.85', lon: '166.67', method: 'karachi', tune: 'dhuhr:60' },
      zone: 'Antarctica/McMurdo',
      month: 6,
      ownDiffers: true,
    },
  ];
  for (const { why, query, zone, month, ownDiffers } of cases) {
    it(`is the Muslim World League's Maghrib computed alone (${why})`, () => {
      const request = parsePrayerTimeRequest(
        { ...query, date: `2026-${String(month).padStart(2, '0')}-01` },
        () => zone,
        fixturePlaces(),
      );
      const rules = dayOptions(request, parseDayExtras(query));
      const { lat, lon, timeZone, school, highLatitudeRule, polarResolution } = request;
      const count = new Date(Date.UTC(2026, month, 0)).getUTCDate();
      const { days } = computeDays(lat, lon, timeZone, rules, request.date, count);
      let differs = 0;
      for (const day of days) {
        const date = calendarDate(2026, month, Number(day.date.slice(8)))!;
        const mwl = computePrayerTimes(lat, lon, timeZone, {
          method: 'mwl',
          school,
          highLatitudeRule,
          polarResolution,
          date,
        }).times.maghrib.utc;
        expect(day.extra.sunset.utc, day.date).toBe(mwl);
        if (day.times.maghrib.utc !== mwl) differs += 1;
      }
      // Where the method's Maghrib is not that sunset, the month shows it.
      expect(differs > 0).toBe(ownDiffers);
    });
  }
});
