// Measures how often each prayer time is on the minute physics says (astronomy-engine,
// see src/test-support/sun-reference.ts) and the largest error in seconds, as rounded
// and before rounding, for the API's computation ("now") and for adhan 4.4.6 alone on
// the same parameters ("adhan"), over seeded random cases drawn like those of
// src/prayer/prayer-times.physics.test.ts (`other` left out: it has no rules of its own).
// Prints the Markdown table of the portal guide's Accuracy section.
//   node scripts/physics-agreement.ts [cases]   (default 2000)
import { Coordinates, type HighLatitudeRule, PrayerTimes, Rounding, type CalculationParameters } from 'adhan';
import { addDays, adhanDate, parseDateParam, type CalendarDate } from '../src/calendar/calendar-date.ts';
import { calculationParameters, METHOD_NAMES, SCHOOL_NAMES } from '../src/methods/methods.ts';
import { prayerInstants, type Instants } from '../src/prayer/prayer-instants.ts';
import { computePrayerTimes } from '../src/prayer/prayer-times.ts';
import { timeZoneAt } from '../src/places/time-zone.ts';
import {
  errorSeconds,
  expectedTimes,
  randomPlaceDay,
  roundedAsMethod,
  SAMPLED_HIGH_LATITUDE_RULES,
  seededRandom,
  solarDay,
  sunPlace,
  TIMES,
  type Expected,
  type PlaceDay,
  type SolarDayEvents,
  type TimeName,
} from '../src/test-support/physics-cases.ts';

const CASES = Number(process.argv[2] ?? 2000);
// Unrounded errors are also given up to this latitude: beyond it grazing events make
// seconds depend on hundredths of a degree (see the physics test).
const UNROUNDED_LATITUDE_LIMIT_DEG = 60;
const MS_PER_SECOND = 1000;
const MS_PER_MINUTE = 60_000;
// adhan's solar day is the UTC date whose Dhuhr is this close to the physical transit.
const SAME_DAY_MS = 15 * MS_PER_MINUTE;

interface Tally {
  n: number;
  sameMinute: number;
  maxRounded: number;
  maxUnroundedLow: number;
  maxUnroundedAll: number;
  sumUnrounded: number;
  nUnrounded: number;
}
type Who = 'adhan' | 'now';
const newTally = (): Tally => ({
  n: 0,
  sameMinute: 0,
  maxRounded: 0,
  maxUnroundedLow: 0,
  maxUnroundedAll: 0,
  sumUnrounded: 0,
  nUnrounded: 0,
});
const tallies: Record<Who, Record<TimeName, Tally>> = {
  adhan: Object.fromEntries(TIMES.map((name) => [name, newTally()])) as Record<TimeName, Tally>,
  now: Object.fromEntries(TIMES.map((name) => [name, newTally()])) as Record<TimeName, Tally>,
};
const valid = (date: Date | undefined): date is Date => date !== undefined && !Number.isNaN(date.getTime());

function tally(
  t: Tally,
  shown: Date | undefined,
  unrounded: Date | undefined,
  want: Expected,
  rounding: string,
  latitude: number,
): void {
  if (!valid(shown)) return;
  t.n++;
  if (roundedAsMethod(want.instant, rounding).getTime() === shown.getTime()) t.sameMinute++;
  // Rounding up is up to 60 s late by design: its rounded error is left out of the max.
  if (rounding !== Rounding.Up) t.maxRounded = Math.max(t.maxRounded, Math.abs(errorSeconds(shown, want.instant)));
  if (!valid(unrounded)) return;
  const error = Math.abs(errorSeconds(unrounded, want.instant));
  t.maxUnroundedAll = Math.max(t.maxUnroundedAll, error);
  if (Math.abs(latitude) <= UNROUNDED_LATITUDE_LIMIT_DEG) t.maxUnroundedLow = Math.max(t.maxUnroundedLow, error);
  t.sumUnrounded += error;
  t.nUnrounded++;
}

const withoutRounding = (params: CalculationParameters): CalculationParameters =>
  Object.assign(Object.create(Object.getPrototypeOf(params) as object) as CalculationParameters, params, {
    rounding: Rounding.None,
  });

/** adhan alone, rounded (its sub-second residue dropped, as the API shows whole seconds) and not. */
function adhanAlone(
  place: PlaceDay,
  date: CalendarDate,
  day: SolarDayEvents,
  params: CalculationParameters,
): { shown: Instants; unrounded: Instants } | null {
  const coordinates = new Coordinates(place.lat, place.lon);
  for (const offset of [0, -1, 1]) {
    const when = adhanDate(addDays(date, offset));
    const times = new PrayerTimes(coordinates, when, params);
    if (Math.abs(times.dhuhr.getTime() - day.transit.getTime()) > SAME_DAY_MS) continue;
    const unrounded = new PrayerTimes(coordinates, when, withoutRounding(params));
    const whole = (d: Date) => new Date(Math.floor(d.getTime() / MS_PER_SECOND) * MS_PER_SECOND);
    const shown = Object.fromEntries(TIMES.map((name) => [name, whole(times[name])])) as Instants;
    return { shown, unrounded: Object.fromEntries(TIMES.map((name) => [name, unrounded[name]])) as Instants };
  }
  return null;
}

/** The API: its answer, and the same computation unrounded on the solar day it showed. */
function api(
  place: PlaceDay,
  date: CalendarDate,
  shown: Instants,
  params: CalculationParameters,
): Instants | undefined {
  const candidates = [0, -1, 1].map((offset) =>
    prayerInstants({ latitude: place.lat, longitude: place.lon }, addDays(date, offset), withoutRounding(params)),
  );
  return candidates.find((instants) => Math.abs(instants.dhuhr.getTime() - shown.dhuhr.getTime()) < MS_PER_MINUTE);
}

function measure(): { measured: number; skipped: number } {
  const random = seededRandom(20260522);
  let measured = 0;
  let skipped = 0;
  for (let i = 0; i < CASES; i++) {
    const place = randomPlaceDay(random);
    const method = METHOD_NAMES[i % METHOD_NAMES.length]!;
    const school = SCHOOL_NAMES[Math.floor(i / METHOD_NAMES.length) % 2]!;
    const rule = SAMPLED_HIGH_LATITUDE_RULES[Math.floor(random() * SAMPLED_HIGH_LATITUDE_RULES.length)]!;
    if (method === 'other') continue;
    const zone = timeZoneAt(place.lat, place.lon);
    const date = parseDateParam(place.date, zone)!;
    const result = computePrayerTimes(place.lat, place.lon, zone, {
      method,
      school,
      date,
      highLatitudeRule: rule,
      polarResolution: 'unresolved',
    });
    const sun = sunPlace(place.lat, place.lon);
    const day = result.times.dhuhr.utc === null ? null : solarDay(sun, new Date(result.times.dhuhr.utc));
    if (day === null) {
      skipped++;
      continue;
    }
    // The date too: makkah's Isha is 120 min in Ramadan.
    const params = calculationParameters(method, school, place.date);
    params.highLatitudeRule = rule as typeof HighLatitudeRule.MiddleOfTheNight;
    const expected = expectedTimes(sun, day, params, rule);
    const shown = Object.fromEntries(
      TIMES.map((name) => [name, result.times[name].utc === null ? undefined : new Date(result.times[name].utc!)]),
    ) as Partial<Instants>;
    const now = api(place, date, shown as Instants, params);
    const adhan = adhanAlone(place, date, day, params);
    for (const name of TIMES) {
      const want = expected[name];
      if (want === null || want.kind !== 'exact') continue;
      tally(tallies.now[name], shown[name], now?.[name], want, params.rounding, place.lat);
      if (adhan !== null)
        tally(tallies.adhan[name], adhan.shown[name], adhan.unrounded[name], want, params.rounding, place.lat);
    }
    measured++;
  }
  return { measured, skipped };
}

const percent = (part: number, whole: number): string => `${((100 * part) / whole).toFixed(1)}%`;
const seconds = (value: number): string => `${value.toFixed(1)} s`;
const capital = (name: string): string => name[0]!.toUpperCase() + name.slice(1);

const { measured, skipped } = measure();
console.log(
  `${CASES} cases, seed 20260522; method other left out; ${measured} measured, ${skipped} without sunrise or sunset skipped.\n`,
);
console.log(
  `| Time | Right minute: adhan → now | Max error as shown: adhan → now | Max error before rounding, to ${UNROUNDED_LATITUDE_LIMIT_DEG}° / all: adhan → now | Mean error before rounding: adhan → now |`,
);
console.log('|---|---|---|---|---|');
for (const name of TIMES) {
  const [a, n] = [tallies.adhan[name], tallies.now[name]];
  console.log(
    `| ${capital(name)} | ${percent(a.sameMinute, a.n)} → ${percent(n.sameMinute, n.n)} | ${a.maxRounded.toFixed(0)} s → ${n.maxRounded.toFixed(0)} s | ` +
      `${seconds(a.maxUnroundedLow)} / ${seconds(a.maxUnroundedAll)} → ${seconds(n.maxUnroundedLow)} / ${seconds(n.maxUnroundedAll)} | ` +
      `${seconds(a.sumUnrounded / a.nUnrounded)} → ${seconds(n.sumUnrounded / n.nUnrounded)} |`,
  );
}
