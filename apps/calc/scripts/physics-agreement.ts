// Measures how often each prayer time the API computes is on the minute physics says
// (astronomy-engine, see src/test-support/sun-reference.ts), and the largest error in
// seconds, over the same seeded cases as src/domain/prayer-times.physics.test.ts.
//   node scripts/physics-agreement.ts [cases]
import { type HighLatitudeRule, Rounding } from 'adhan';
import { prayerInstants } from '../src/domain/prayer-instants.ts';
import { calculationParameters, METHOD_NAMES, SCHOOL_NAMES } from '../src/domain/methods.ts';
import { computePrayerTimes } from '../src/domain/prayer-times.ts';
import { parseDateParam } from '../src/domain/calendar-date.ts';
import { timeZoneAt } from '../src/domain/time-zone.ts';
import {
  errorSeconds, expectedTimes, randomPlaceDay, roundedAsMethod, SAMPLED_HIGH_LATITUDE_RULES, seededRandom, solarDay, sunPlace, TIMES,
} from '../src/test-support/physics-cases.ts';

const cases = Number(process.argv[2] ?? 2000);
const random = seededRandom(20260522);
const stats = Object.fromEntries(TIMES.map((name) => [name, { n: 0, sameMinute: 0, maxAbs: 0, within40: 0, unroundedMax: 0 }]));
// Before rounding (prayerInstants with Rounding.None), up to this latitude; beyond it
// grazing events make seconds meaningless (see the physics test).
const UNROUNDED_LATITUDE_LIMIT = 60;
let skipped = 0;
for (let i = 0; i < cases; i++) {
  const place = randomPlaceDay(random);
  const method = METHOD_NAMES[i % METHOD_NAMES.length]!;
  const school = SCHOOL_NAMES[Math.floor(i / METHOD_NAMES.length) % 2]!;
  const rule = SAMPLED_HIGH_LATITUDE_RULES[Math.floor(random() * 3)]!;
  if (method === 'other') continue;
  const zone = timeZoneAt(place.lat, place.lon);
  const date = parseDateParam(place.date, zone)!;
  const result = computePrayerTimes(place.lat, place.lon, zone, { method, school, date, highLatitudeRule: rule, polarResolution: 'unresolved' } as never);
  const sun = sunPlace(place.lat, place.lon);
  const dhuhr = result.times.dhuhr.utc;
  const day = dhuhr === null ? null : solarDay(sun, new Date(dhuhr));
  if (day === null) { skipped++; continue; }
  const params = calculationParameters(method, school);
  params.highLatitudeRule = rule as typeof HighLatitudeRule.MiddleOfTheNight;
  const expected = expectedTimes(sun, day, params, rule);
  const plain = Object.assign(Object.create(Object.getPrototypeOf(params)), params, { rounding: Rounding.None });
  const unrounded = prayerInstants({ latitude: place.lat, longitude: place.lon }, date, plain);
  const sameDay = Math.abs(unrounded.dhuhr.getTime() - Date.parse(dhuhr!)) < 60_000;
  for (const name of TIMES) {
    const want = expected[name];
    const got = result.times[name].utc;
    if (want === null || want.kind !== 'exact' || got === null) continue;
    const s = stats[name]!;
    const err = errorSeconds(new Date(got), want.instant);
    s.n++;
    if (roundedAsMethod(want.instant, params.rounding).getTime() === Date.parse(got)) s.sameMinute++;
    const allowed = params.rounding === 'up' ? err >= -10 && err <= 70 : Math.abs(err) <= 40;
    if (allowed) s.within40++;
    if (sameDay && Math.abs(place.lat) <= UNROUNDED_LATITUDE_LIMIT) s.unroundedMax = Math.max(s.unroundedMax, Math.abs(errorSeconds(unrounded[name], want.instant)));
    if (params.rounding === 'up') continue; // ceil rounding: judged by the bound above, not the max
    s.maxAbs = Math.max(s.maxAbs, Math.abs(err));
  }
}
console.log(`cases ${cases} (method other left out), polar/skipped ${skipped}`);
for (const name of TIMES) {
  const s = stats[name]!;
  console.log(`${name.padEnd(8)} n=${s.n} same minute ${((100 * s.sameMinute) / s.n).toFixed(1)}%  within bound ${((100 * s.within40) / s.n).toFixed(1)}%  max |error| ${s.maxAbs.toFixed(0)} s (nearest-minute methods)  unrounded max ${s.unroundedMax.toFixed(1)} s (|lat| <= ${UNROUNDED_LATITUDE_LIMIT})`);
}
