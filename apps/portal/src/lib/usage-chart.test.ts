// The usage chart's numbers: 30 days ending today (UTC), requests of other
// keys and days outside the window ignored, stacked bars scaled to a readable
// ceiling.
import { describe, expect, it } from 'vitest';
import type { UsageRow } from '@ira/core/runtime/keys/types';
import { dailyUsage, USAGE_DAYS } from './key-list.ts';
import { CHART_HEIGHT, chartModel, niceCeiling } from './usage-chart.ts';

const NOW = new Date('2026-03-31T12:00:00Z');
const rows: UsageRow[] = [
  { keyId: 'a', category: 'general', day: '2026-03-31', count: 30 },
  { keyId: 'a', category: 'calculation', day: '2026-03-31', count: 10 },
  { keyId: 'a', category: 'general', day: '2026-03-02', count: 5 },
  { keyId: 'a', category: 'general', day: '2026-03-01', count: 999 },
  { keyId: 'b', category: 'general', day: '2026-03-31', count: 7 },
];

describe('dailyUsage', () => {
  it('has one entry per day of the last 30 (UTC), oldest first, only this key', () => {
    const days = dailyUsage(rows, 'a', NOW);
    expect(days).toHaveLength(USAGE_DAYS);
    expect(days[0]).toEqual({ day: '2026-03-02', general: 5, calculation: 0 });
    expect(days.at(-1)).toEqual({ day: '2026-03-31', general: 30, calculation: 10 });
    expect(days.reduce((sum, entry) => sum + entry.general + entry.calculation, 0)).toBe(45);
  });
});

describe('chartModel', () => {
  it('stacks calculation on general and scales the busiest day to the ceiling', () => {
    const model = chartModel(dailyUsage(rows, 'a', NOW));
    expect(model.max).toBe(50);
    expect(model.total).toBe(45);
    const today = model.bars.filter((bar) => bar.day === '2026-03-31');
    expect(today.map((bar) => [bar.category, bar.height])).toEqual([
      ['general', (30 / 50) * CHART_HEIGHT],
      ['calculation', (10 / 50) * CHART_HEIGHT],
    ]);
    expect(today[1]!.y + today[1]!.height).toBeCloseTo(today[0]!.y);
    expect(model.labels).toEqual(['03-02', '03-16', '03-31']);
  });

  it('draws no bar for a day without requests', () => {
    expect(chartModel(dailyUsage([], 'a', NOW)).bars).toEqual([]);
  });
});

describe('niceCeiling', () => {
  it.each([
    [0, 1],
    [1, 1],
    [3, 5],
    [40, 50],
    [51, 100],
    [120, 200],
  ])('%i → %i', (value, ceiling) => {
    expect(niceCeiling(value)).toBe(ceiling);
  });
});
