import { describe, expect, it } from 'vitest';
import type { Scenario } from './scenarios.ts';
import {
  evaluate,
  MIN_COMPARED_RATIO,
  P99_MAX_MS,
  WORST_COST_MAX_RATIO,
  WORST_EVENT_LOOP_P99_MAX_MS,
  type Row,
} from './targets.ts';

const scenario = (overrides: Partial<Scenario>): Scenario => ({
  name: 'row',
  service: 'calc',
  baseline: 'compute',
  paths: ['/'],
  ...overrides,
});

function row(p99Ms: number, baselineP99Ms: number, ratio = 1): Row {
  return {
    name: 'row',
    service: 'calc',
    rps: 100,
    p50_ms: p99Ms / 2,
    p99_ms: p99Ms,
    baseline_rps: 100,
    baseline_p50_ms: baselineP99Ms / 2,
    baseline_p99_ms: baselineP99Ms,
    ratio,
    cpu_us_per_answer: 1000,
    baseline_cpu_us_per_answer: 1000,
  };
}

const p99Target = (s: Scenario, r: Row) =>
  evaluate({ rows: [{ row: r, scenario: s }], peakRssMb: { edge: 1, calc: 1 }, coldStartMs: 1 }).find((target) =>
    target.what.includes('p99'),
  )!;

describe('the p99 target', () => {
  it(`is ${P99_MAX_MS} ms for an answer the bare server makes light work of, whatever its own p99`, () => {
    const target = p99Target(scenario({}), row(25, 40));
    expect(target).toMatchObject({ what: `row p99 ≤ ${P99_MAX_MS} ms`, pass: false });
  });

  it.each(['transfer', 'compute'] as const)(
    'is twice the bare server’s p99 when every answer is heavy for it too (%s)',
    (heavy) => {
      expect(p99Target(scenario({ heavy }), row(110, 60))).toMatchObject({ what: 'row p99 ≤ 120 ms', pass: true });
      expect(p99Target(scenario({ heavy }), row(130, 60))).toMatchObject({ what: 'row p99 ≤ 120 ms', pass: false });
    },
  );

  it(`is never looser than ${P99_MAX_MS} ms`, () => {
    expect(p99Target(scenario({ heavy: 'compute' }), row(15, 3))).toMatchObject({
      what: `row p99 ≤ ${P99_MAX_MS} ms`,
      pass: true,
    });
  });
});

describe('the nginx target', () => {
  const nginxTarget = (minNginxRatio: number | undefined, nginxRatio: number | undefined) =>
    evaluate({
      rows: [{ row: { ...row(1, 1), nginx_rps: 100, nginx_ratio: nginxRatio }, scenario: scenario({ minNginxRatio }) }],
      peakRssMb: { edge: 1, calc: 1 },
      coldStartMs: 1,
    }).find((target) => target.what.includes('nginx'));

  it('holds a scenario to its share of nginx serving the same bytes', () => {
    expect(nginxTarget(0.5, 0.55)).toMatchObject({
      what: 'row ≥ 0.5× nginx, same bytes',
      measured: '0.55×',
      pass: true,
    });
    expect(nginxTarget(0.5, 0.45)).toMatchObject({ pass: false });
  });

  it('is not checked without nginx, nor for a scenario without the target', () => {
    expect(nginxTarget(0.5, undefined)).toBeUndefined();
    expect(nginxTarget(undefined, 0.3)).toBeUndefined();
  });
});

describe('a target against another scenario', () => {
  const versus = (rps: number, otherRps: number) =>
    evaluate({
      rows: [
        {
          row: { ...row(5, 5), name: 'with', rps },
          scenario: scenario({ name: 'with', versus: { name: 'without', minRatio: 0.5 } }),
        },
        { row: { ...row(5, 5), name: 'without', rps: otherRps }, scenario: scenario({ name: 'without' }) },
      ],
      peakRssMb: { edge: 1, calc: 1 },
      coldStartMs: 1,
    }).find((target) => target.what.includes("without's req/s"));

  it('holds a scenario to a share of the other one’s req/s (at most twice its time)', () => {
    expect(versus(600, 1000)).toMatchObject({
      what: "with ≥ 0.5× without's req/s",
      measured: '0.6× (600 vs 1000 req/s)',
      pass: true,
    });
    expect(versus(400, 1000)).toMatchObject({ pass: false });
  });

  it('is left out when the other scenario did not run', () => {
    const alone = evaluate({
      rows: [{ row: row(5, 5), scenario: scenario({ versus: { name: 'absent', minRatio: 0.5 } }) }],
      peakRssMb: { edge: 1, calc: 1 },
      coldStartMs: 1,
    });
    expect(alone.some((target) => target.what.includes('absent'))).toBe(false);
  });
});

describe('the worst-case targets', () => {
  const worst = (costRatio: number, eventLoopP99Ms: number) =>
    evaluate({
      rows: [],
      peakRssMb: { edge: 1, calc: 1 },
      coldStartMs: 1,
      worst: [
        {
          name: 'worst-x',
          cpu_ms_per_answer: 10 * costRatio,
          ordinary_cpu_ms_per_answer: 10,
          cost_ratio: costRatio,
          burst_ms: 100,
          event_loop_p99_ms: eventLoopP99Ms,
          event_loop_max_ms: eventLoopP99Ms,
          healthz_max_ms: 1,
          qibla_max_ms: 1,
        },
      ],
    }).filter((target) => target.what.startsWith('worst-x'));

  it(`hold each shape to ${WORST_COST_MAX_RATIO}× a year, calc's loop p99 to ${WORST_EVENT_LOOP_P99_MAX_MS} ms`, () => {
    expect(worst(WORST_COST_MAX_RATIO, WORST_EVENT_LOOP_P99_MAX_MS).map((target) => target.pass)).toEqual([true, true]);
    expect(worst(WORST_COST_MAX_RATIO + 0.1, WORST_EVENT_LOOP_P99_MAX_MS + 1).map((target) => target.pass)).toEqual([
      false,
      false,
    ]);
  });
});

describe('the no-regression target (--compare)', () => {
  const regressionTarget = (rps: number, comparedRps: number | undefined) =>
    evaluate({
      rows: [
        {
          row: {
            ...row(1, 1),
            rps,
            ...(comparedRps === undefined
              ? {}
              : { compared: { rps: comparedRps, p99_ms: 1, ratio: 1, cpu_us_per_answer: 1 } }),
          },
          scenario: scenario({}),
        },
      ],
      peakRssMb: { edge: 1, calc: 1 },
      coldStartMs: 1,
    }).find((target) => target.what.includes('compared'));

  it(`holds each row to ${MIN_COMPARED_RATIO}× the compared stack's req/s`, () => {
    expect(regressionTarget(91, 100)).toMatchObject({
      what: `row ≥ ${MIN_COMPARED_RATIO}× the compared stack's req/s`,
      pass: true,
    });
    expect(regressionTarget(89, 100)).toMatchObject({ measured: '0.89× (89 vs 100 req/s)', pass: false });
  });

  it('is not checked without a compared stack', () => {
    expect(regressionTarget(50, undefined)).toBeUndefined();
  });
});
