// Every calculation answer has a bounded cost (issue 38): the work of the heaviest shapes
// (test-support/worst-cases.ts) against an ordinary year's calendar, counted in solar
// positions computed rather than timed. calc's own sun events compute one per refinement
// step (solar-position.ts); an adhan PrayerTimes computes six (its SolarTime for the day and
// the next, each from the sun at three days' 0 h). adhan must never be handed a polar
// search of its own, whose cost is hidden from this count (up to 366 days per time).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startCalc, type CalcHarness } from '../test-support/calc-harness.ts';
import { ORDINARY_YEAR, WORST_CASES } from '../test-support/worst-cases.ts';
import { polarSearchSteps } from '../prayer/polar-resolution.ts';

const SOLAR_POSITIONS_PER_ADHAN_DAY = 6;
// A polar search's step is a look-up in a Map of days already tested: it counts as a
// twentieth of a solar position's arithmetic (it costs less).
const SEARCH_STEPS_PER_SUN_POSITION = 20;
// One key's whole minute at the default limit (RATE_LIMIT_CALCULATION).
const KEY_MINUTE_REQUESTS = 5;
// Issue 38: every calculation answer at most 5× an ordinary year's calendar.
const MAX_COST_FACTOR = 5;

const work = vi.hoisted(() => ({ sunPositions: 0, adhanDays: 0, adhanSearches: 0 }));

vi.mock(import('adhan'), async (importOriginal) => {
  const adhan = await importOriginal();
  class CountedPrayerTimes extends adhan.PrayerTimes {
    constructor(...args: ConstructorParameters<typeof adhan.PrayerTimes>) {
      super(...args);
      work.adhanDays += 1;
      if (args[2].polarCircleResolution !== adhan.PolarCircleResolution.Unresolved) work.adhanSearches += 1;
    }
  }
  return { ...adhan, PrayerTimes: CountedPrayerTimes };
});

vi.mock(import('../prayer/solar-position.ts'), async (importOriginal) => {
  const solar = await importOriginal();
  return {
    ...solar,
    sunPosition: (ms: number) => {
      work.sunPositions += 1;
      return solar.sunPosition(ms);
    },
  };
});

let stepsBefore = 0;
const reset = () => {
  Object.assign(work, { sunPositions: 0, adhanDays: 0, adhanSearches: 0 });
  stepsBefore = polarSearchSteps();
};
/** The work done since `reset`, in solar positions. */
const cost = (): number =>
  work.sunPositions +
  SOLAR_POSITIONS_PER_ADHAN_DAY * work.adhanDays +
  (polarSearchSteps() - stepsBefore) / SEARCH_STEPS_PER_SUN_POSITION;

let calc: CalcHarness;
let key: string;

beforeAll(async () => {
  calc = await startCalc();
  key = await calc.issue();
});
afterAll(() => calc.close());

const ask = async (path: string) => fetch(calc.base + path, { headers: { 'X-API-Key': key } });

async function measured(path: string): Promise<{ cost: number; searches: number; status: number }> {
  reset();
  const response = await ask(path);
  await response.arrayBuffer();
  return { cost: cost(), searches: work.adhanSearches, status: response.status };
}

describe('the cost of a calculation answer', () => {
  it.each(Object.entries(WORST_CASES))('%s costs at most 5× an ordinary year', async (_name, path) => {
    const ordinary = await measured(ORDINARY_YEAR);
    const worst = await measured(path);
    expect(worst.status).toBe(200);
    expect(worst.searches, 'polar searches handed to adhan').toBe(0);
    expect(worst.cost).toBeLessThanOrEqual(MAX_COST_FACTOR * ordinary.cost);
  });
});

/** While `paths` are asked at once (each must answer 200): the most work in one turn of the loop, and all of it. */
async function turnsWhile(paths: string[]): Promise<{ longestTurn: number; total: number }> {
  reset();
  let longestTurn = 0;
  let costBefore = 0;
  let done = false;
  const sample = () => {
    longestTurn = Math.max(longestTurn, cost() - costBefore);
    costBefore = cost();
    if (!done) setImmediate(sample);
  };
  setImmediate(sample);
  const statuses = await Promise.all(
    paths.map(async (path) => {
      const response = await ask(path);
      await response.arrayBuffer();
      return response.status;
    }),
  );
  done = true;
  expect(statuses).toEqual(paths.map(() => 200));
  return { longestTurn, total: cost() };
}

describe('the event loop while one key spends its minute on the heaviest shapes', () => {
  it('never runs more than an ordinary year of work in one turn', async () => {
    const ordinary = await measured(ORDINARY_YEAR);
    // Another year than the costs above: nothing those left in calc's caches helps.
    const paths = Object.values(WORST_CASES)
      .slice(0, KEY_MINUTE_REQUESTS)
      .map((path) => path.replace('2026', '2027'));
    expect((await turnsWhile(paths)).longestTurn).toBeLessThanOrEqual(ordinary.cost);
  });

  it('runs the polar days asked at once in turns of their own', async () => {
    const day = WORST_CASES['north-pole-day']!;
    const paths = Array.from({ length: KEY_MINUTE_REQUESTS }, (_, i) => day.replace('2026', String(2040 + i)));
    // A connection open for each, so that all five arrive together as a client's would.
    await Promise.all(paths.map(async () => (await ask('/healthz')).arrayBuffer()));
    const { longestTurn, total } = await turnsWhile(paths);
    // One day's search a turn (some days' cost twice another's); all five in one turn is the total.
    expect(longestTurn).toBeLessThan(total / 2);
  });
});
