// Where the sun's centre stands at sunrise and at Maghrib: 50′ below the horizon as
// the almanacs take it (16′ radius, 34′ refraction), or the authority's own depth
// (method-definition.ts `horizon`), lowered at a height by the dip of the horizon.
// A place at or below sea level sees no dip.
export const STANDARD_HORIZON_DEG = 50 / 60;
// The dip of the sea horizon with standard terrestrial refraction, 1.76′ × √(height in
// metres) (the Nautical Almanac's dip table; Bowditch, "American Practical Navigator").
export const STANDARD_DIP_DEG_PER_SQRT_M = 1.76 / 60;

/** Degrees below the horizon for a depth at sea level, a dip rate and the place's elevation in metres. */
export function horizonDepth(seaLevelDeg: number, dipDegPerSqrtM: number, elevationM: number): number {
  return seaLevelDeg + (elevationM > 0 ? dipDegPerSqrtM * Math.sqrt(elevationM) : 0);
}
