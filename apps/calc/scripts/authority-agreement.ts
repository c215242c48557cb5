// Measures every authority fixture (fixtures/authority-times.json and each table in
// fixtures/authority-tables/) per file, place and year: the share of days whose published
// times are all within 0, 1 and 2 min, as the route computes them, and published minus the
// unrounded, unadjusted instant per time (the range that shows an authority's offsets and
// rounding). The figures in the fixtures' sources come from it.
//   node scripts/authority-agreement.ts [method]   (method: measure every zone with another method)
import { Rounding } from 'adhan';
import { parseDateParam } from '../src/calendar/calendar-date.ts';
import { DEFAULT_HIGH_LATITUDE_RULE, DEFAULT_POLAR_RESOLUTION } from '../src/prayer/high-latitude.ts';
import { NO_ADJUSTMENTS } from '../src/methods/method-conventions.ts';
import { enumValue } from '@ira/core/contract/params';
import { calculationParameters, DEFAULT_SCHOOL, SCHOOL_NAMES } from '../src/methods/methods.ts';
import { prayerInstants } from '../src/prayer/prayer-instants.ts';
import { computePrayerTimes, PRAYER_NAMES } from '../src/prayer/prayer-times.ts';
import { readAuthorityDays, readAuthorityTableDays, type AuthorityDay } from '../src/test-support/authority-days.ts';
import { zonedTimeToUtcMs } from '../src/test-support/zoned-time.ts';

const MS_PER_MINUTE = 60_000;
const TOLERANCES_MIN = [0, 1, 2];
const days = [...readAuthorityDays(), ...readAuthorityTableDays()];
const methodOverride = process.argv[2];

interface ZoneStats {
  method: string;
  days: number;
  within: number[];
  residual: Record<string, { min: number; max: number }>;
}

function measureDay(day: AuthorityDay, stats: ZoneStats): void {
  const date = parseDateParam(day.date, day.timezone)!;
  const school = day.madhab === '' ? DEFAULT_SCHOOL : enumValue(day.madhab, SCHOOL_NAMES);
  if (school === null) throw new Error(`${day.source_file}: unknown madhab ${day.madhab}`);
  const options = {
    method: stats.method,
    school,
    date,
    highLatitudeRule: DEFAULT_HIGH_LATITUDE_RULE,
    polarResolution: DEFAULT_POLAR_RESOLUTION,
    elevation: day.elevation,
  };
  const { times } = computePrayerTimes(day.latitude, day.longitude, day.timezone, options);
  const params = calculationParameters(stats.method, school, day.date);
  params.rounding = Rounding.None;
  params.methodAdjustments = { ...NO_ADJUSTMENTS };
  // These zones are within 12 h of UTC, so the local date is adhan's UTC day.
  const place = { latitude: day.latitude, longitude: day.longitude, elevation: day.elevation };
  const raw = prayerInstants(place, date, params);
  let worstMin = 0;
  for (const name of PRAYER_NAMES.filter((prayer) => day.expected[prayer] !== undefined)) {
    const publishedMs = zonedTimeToUtcMs(day.date, day.expected[name]!, day.timezone);
    worstMin = Math.max(worstMin, Math.abs(Date.parse(times[name].utc!) - publishedMs) / MS_PER_MINUTE);
    const residualMin = (publishedMs - raw[name].getTime()) / MS_PER_MINUTE;
    const range = (stats.residual[name] ??= { min: Infinity, max: -Infinity });
    range.min = Math.min(range.min, residualMin);
    range.max = Math.max(range.max, residualMin);
  }
  stats.days++;
  TOLERANCES_MIN.forEach((tolerance, i) => {
    if (worstMin <= tolerance) stats.within[i]!++;
  });
}

const zones = new Map<string, ZoneStats>();
for (const day of days) {
  const key = `${day.source_file} | ${day.zone} | ${day.date.slice(0, 4)}`;
  const stats = zones.get(key) ?? {
    method: methodOverride ?? day.method,
    days: 0,
    within: TOLERANCES_MIN.map(() => 0),
    residual: {},
  };
  zones.set(key, stats);
  measureDay(day, stats);
}

const percent = (count: number, total: number): string => ((100 * count) / total).toFixed(1);
console.log(
  'file | place | year | method | days | all within 0 / 1 / 2 min (%) | published − unrounded instant, min..max (min)',
);
for (const [zone, stats] of zones) {
  const within = stats.within.map((count) => percent(count, stats.days)).join(' / ');
  const residual = Object.entries(stats.residual)
    .map(([name, { min, max }]) => `${name} ${min.toFixed(1)}..${max.toFixed(1)}`)
    .join(', ');
  console.log(`${zone} | ${stats.method} | ${stats.days} | ${within} | ${residual}`);
}
