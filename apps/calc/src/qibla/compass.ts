// Bearing → name from the spec's "Compass direction reference" table. The spec leaves
// boundaries open; docs/api-decisions.md makes each range half-open [lo, hi): 22.5 is Northeast,
// 337.5 is North.
const DIRECTIONS = ['North', 'Northeast', 'East', 'Southeast', 'South', 'Southwest', 'West', 'Northwest'] as const;
export type CompassDirection = (typeof DIRECTIONS)[number];

const SECTOR_DEG = 45;
const HALF_SECTOR_DEG = SECTOR_DEG / 2;

/** Name of the 8-point sector holding `bearingDeg` (any real number; wrapped to [0, 360)). */
export function compassDirection(bearingDeg: number): CompassDirection {
  const wrapped = ((bearingDeg % 360) + 360) % 360;
  const sector = Math.floor((wrapped + HALF_SECTOR_DEG) / SECTOR_DEG) % DIRECTIONS.length;
  return DIRECTIONS[sector] ?? 'North';
}
