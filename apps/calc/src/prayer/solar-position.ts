// The sun's apparent position at an instant, from the low-precision solar theory of
// J. Meeus, "Astronomical Algorithms" (2nd ed., 1998): ch. 25 (longitude, declination,
// right ascension; about 0.01°), ch. 12 (sidereal time) and ch. 22 (the main nutation
// terms). The same formulas adhan uses, but evaluated at the instant itself instead of
// at 0 h UT of the day. Universal time stands in for dynamical time: ΔT (about 70 s)
// moves the sun by under 0.001°, a fraction of a second in any prayer time.
const MS_PER_DAY = 86_400_000;
const UNIX_EPOCH_JULIAN_DAY = 2_440_587.5;
const J2000_JULIAN_DAY = 2_451_545;
const DAYS_PER_JULIAN_CENTURY = 36_525;
const ARCSECONDS_PER_DEGREE = 3_600;

const toRadians = (deg: number): number => (deg * Math.PI) / 180;
const toDegrees = (rad: number): number => (rad * 180) / Math.PI;

export interface SunPosition {
  /** Apparent declination, degrees. */
  declination: number;
  /** Apparent right ascension, degrees. */
  rightAscension: number;
  /** Apparent sidereal time at Greenwich, degrees. */
  siderealTime: number;
}

export function julianDay(ms: number): number {
  return ms / MS_PER_DAY + UNIX_EPOCH_JULIAN_DAY;
}

/** Meeus (25.2)–(25.8): apparent longitude of the sun and the obliquity, degrees. */
function apparentLongitudeAndObliquity(t: number): {
  longitude: number;
  obliquity: number;
  meanLongitude: number;
  node: number;
} {
  const meanLongitude = 280.46646 + 36_000.76983 * t + 0.000_303_2 * t * t;
  const meanAnomaly = toRadians(357.52911 + 35_999.05029 * t - 0.000_153_7 * t * t);
  const center =
    (1.914602 - 0.004817 * t - 0.000014 * t * t) * Math.sin(meanAnomaly) +
    (0.019993 - 0.000101 * t) * Math.sin(2 * meanAnomaly) +
    0.000289 * Math.sin(3 * meanAnomaly);
  const node = 125.04 - 1_934.136 * t;
  const longitude = meanLongitude + center - 0.00569 - 0.00478 * Math.sin(toRadians(node));
  // (22.2) mean obliquity, then (25.8) its apparent value.
  const meanObliquity = 23.439291 - 0.013004167 * t - 0.0000001639 * t * t + 0.0000005036 * t * t * t;
  return { longitude, obliquity: meanObliquity + 0.00256 * Math.cos(toRadians(node)), meanLongitude, node };
}

/** Meeus (12.4) mean sidereal time plus the equation of the equinoxes (ch. 22 main terms). */
function apparentSiderealTime(jd: number, t: number, meanLongitude: number, node: number, obliquity: number): number {
  const mean =
    280.46061837 + 360.98564736629 * (jd - J2000_JULIAN_DAY) + 0.000387933 * t * t - (t * t * t) / 38_710_000;
  const moonLongitude = 218.3165 + 481_267.8813 * t;
  const nutationArcsec =
    -17.2 * Math.sin(toRadians(node)) -
    1.32 * Math.sin(toRadians(2 * meanLongitude)) -
    0.23 * Math.sin(toRadians(2 * moonLongitude)) +
    0.21 * Math.sin(toRadians(2 * node));
  return mean + (nutationArcsec / ARCSECONDS_PER_DEGREE) * Math.cos(toRadians(obliquity));
}

export function sunPosition(ms: number): SunPosition {
  const jd = julianDay(ms);
  const t = (jd - J2000_JULIAN_DAY) / DAYS_PER_JULIAN_CENTURY;
  const { longitude, obliquity, meanLongitude, node } = apparentLongitudeAndObliquity(t);
  const lambda = toRadians(longitude);
  const epsilon = toRadians(obliquity);
  return {
    declination: toDegrees(Math.asin(Math.sin(epsilon) * Math.sin(lambda))),
    rightAscension: toDegrees(Math.atan2(Math.cos(epsilon) * Math.sin(lambda), Math.cos(lambda))),
    siderealTime: apparentSiderealTime(jd, t, meanLongitude, node, obliquity),
  };
}
