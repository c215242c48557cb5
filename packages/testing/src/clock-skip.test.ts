import { afterEach, describe, expect, it } from 'vitest';
import { installClockSkip, type ClockSkip } from './clock-skip.ts';

const SKIP_MS = 60_000;
// Real time that may pass between two readings on a busy machine.
const SLACK_MS = 1_000;

let clocks: ClockSkip | undefined;
afterEach(() => clocks?.restore());

/** Every clock's reading in milliseconds, taken against baselines from before the skip was installed. */
function readings(baseline: { hrtime: [number, number]; bigint: bigint; held: { now(): number } }) {
  const [seconds, nanos] = process.hrtime(baseline.hrtime);
  return {
    dateNow: Date.now(),
    newDate: new Date().getTime(),
    performanceNow: performance.now(),
    heldPerformanceNow: baseline.held.now(),
    hrtimeSinceBaseline: seconds * 1000 + nanos / 1e6,
    bigintSinceBaseline: Number(process.hrtime.bigint() - baseline.bigint) / 1e6,
  };
}

describe('installClockSkip', () => {
  it('moves Date, performance.now and hrtime forward together, also for baselines taken before it', () => {
    const baseline = { hrtime: process.hrtime(), bigint: process.hrtime.bigint(), held: performance };
    clocks = installClockSkip();
    const before = readings(baseline);
    clocks.advance(SKIP_MS);
    const after = readings(baseline);
    for (const name of Object.keys(before) as (keyof typeof before)[]) {
      expect(after[name] - before[name], name).toBeGreaterThanOrEqual(SKIP_MS);
      expect(after[name] - before[name], name).toBeLessThan(SKIP_MS + SLACK_MS);
    }
  });

  it('leaves explicit dates, Date.parse and instanceof alone', () => {
    const earlier = new Date();
    clocks = installClockSkip();
    clocks.advance(SKIP_MS);
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(Date.parse('2025-01-01T00:00:00Z')).toBe(Date.UTC(2025, 0, 1));
    expect(earlier).toBeInstanceOf(Date);
    expect(new Date()).toBeInstanceOf(Date);
    expect(Date.parse(Date())).toBeGreaterThan(earlier.getTime() + SKIP_MS - SLACK_MS);
  });

  it('skips only forward, by whole milliseconds', () => {
    clocks = installClockSkip();
    expect(() => clocks!.advance(-1)).toThrow(RangeError);
    expect(() => clocks!.advance(0.5)).toThrow(RangeError);
  });

  it('puts the real clocks back on restore', () => {
    const realDate = Date;
    const realHrtime = process.hrtime;
    clocks = installClockSkip();
    clocks.advance(SKIP_MS);
    clocks.restore();
    expect(Date).toBe(realDate);
    expect(process.hrtime).toBe(realHrtime);
    expect(Object.hasOwn(performance, 'now')).toBe(false);
    expect(Math.abs(Date.now() - performance.timeOrigin - performance.now())).toBeLessThan(SLACK_MS);
  });
});
