import { describe, expect, it } from 'vitest';
import { compassDirection } from './compass.ts';

describe('compassDirection', () => {
  it.each([
    [0, 'North'],
    [22.49, 'North'],
    [22.5, 'Northeast'],
    [67.49, 'Northeast'],
    [67.5, 'East'],
    [112.5, 'Southeast'],
    [157.5, 'South'],
    [202.5, 'Southwest'],
    [247.5, 'West'],
    [292.5, 'Northwest'],
    [337.49, 'Northwest'],
    [337.5, 'North'],
    [359.99, 'North'],
  ])('puts %d° in %s (ranges are half-open [lo, hi))', (bearing, name) => {
    expect(compassDirection(bearing)).toBe(name);
  });

  it('wraps bearings outside [0, 360)', () => {
    expect(compassDirection(360)).toBe('North');
    expect(compassDirection(-45)).toBe('Northwest');
    expect(compassDirection(405)).toBe('Northeast');
  });
});
