// The sun as Diyanet's published algorithm takes it: declination and equation of time
// once per day, at 0 h UT, and hour angles turned into time at 15° an hour (J. Meeus,
// "Astronomical Algorithms", ch. 15 without its interpolation). Its tables at the
// cities whose points it publishes are reproduced to the rounding on every day
// (fixtures/authority-tables/diyanet-2024-2026.json); the sun at each
// event's own instant (sun-events.ts) puts Isha and Maghrib 1-2 min off on 10% of days.
import { sunPosition } from './solar-position.ts';
import type { AltitudeRule, Place } from './sun-events.ts';

const MS_PER_DAY = 86_400_000;
const DEGREES_PER_DAY = 360;

const toRadians = (deg: number): number => (deg * Math.PI) / 180;
const toDegrees = (rad: number): number => (rad * 180) / Math.PI;

export interface DailySun {
  transit: number;
  /** The instant on `side` of the transit at which the sun stands at `altitude`; NaN when it does not. */
  event(altitude: AltitudeRule, side: -1 | 1): number;
}

/** The day's sun for the UTC date starting at `dayStartMs`. */
export function dailySun(place: Place, dayStartMs: number): DailySun {
  const sun = sunPosition(dayStartMs);
  const transitFraction = ((((sun.rightAscension - place.longitude - sun.siderealTime) / DEGREES_PER_DAY) % 1) + 1) % 1;
  const transit = dayStartMs + transitFraction * MS_PER_DAY;
  const phi = toRadians(place.latitude);
  const delta = toRadians(sun.declination);
  return {
    transit,
    event(altitude, side) {
      const h0 = typeof altitude === 'number' ? altitude : altitude(sun.declination);
      const cosH = (Math.sin(toRadians(h0)) - Math.sin(phi) * Math.sin(delta)) / (Math.cos(phi) * Math.cos(delta));
      if (Math.abs(cosH) > 1) return Number.NaN;
      return transit + side * (toDegrees(Math.acos(cosH)) / DEGREES_PER_DAY) * MS_PER_DAY;
    },
  };
}
