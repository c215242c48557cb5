// Geometry of the dashboard's usage chart: one stacked bar per UTC day
// (general below, calculation on top), drawn as server-rendered SVG that
// stretches to the card's width; its labels are HTML, so they stay readable
// at any width.
import type { DayUsage } from './key-list.ts';

export const CHART_WIDTH = 300;
export const CHART_HEIGHT = 100;
/** Gap between bars, in viewBox units (a day's slot is CHART_WIDTH / days wide). */
const BAR_GAP = 2;

export interface Bar {
  day: string;
  category: 'general' | 'calculation';
  count: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartModel {
  bars: Bar[];
  /** The value of the top grid line: the busiest day rounded up to a readable number. */
  max: number;
  total: number;
  /** Date labels: first, middle and last day (MM-DD). */
  labels: string[];
}

/** 1, 2, 5, 10, 20, 50, ... at or above the value. */
export function niceCeiling(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= value)!;
  return step * power;
}

export function chartModel(days: DayUsage[]): ChartModel {
  const plotWidth = CHART_WIDTH;
  const plotHeight = CHART_HEIGHT;
  const max = niceCeiling(Math.max(0, ...days.map((entry) => entry.general + entry.calculation)));
  const slot = plotWidth / Math.max(1, days.length);
  const scale = (count: number) => (count / max) * plotHeight;
  const bars: Bar[] = days.flatMap((entry, index) => {
    const x = index * slot + BAR_GAP / 2;
    const general = scale(entry.general);
    const calculation = scale(entry.calculation);
    const width = slot - BAR_GAP;
    return [
      {
        day: entry.day,
        category: 'general' as const,
        count: entry.general,
        x,
        y: plotHeight - general,
        width,
        height: general,
      },
      {
        day: entry.day,
        category: 'calculation' as const,
        count: entry.calculation,
        x,
        y: plotHeight - general - calculation,
        width,
        height: calculation,
      },
    ].filter((bar) => bar.count > 0);
  });
  const labelAt = (index: number) => days[index]!.day.slice(5);
  const labels =
    days.length === 0 ? [] : [labelAt(0), labelAt(Math.floor((days.length - 1) / 2)), labelAt(days.length - 1)];
  return { bars, max, total: days.reduce((sum, entry) => sum + entry.general + entry.calculation, 0), labels };
}
