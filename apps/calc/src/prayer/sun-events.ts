// The instant the sun reaches an altitude (or the meridian), found by refining the hour
// angle with the sun's position at the candidate instant until it stops moving. adhan
// takes declination and right ascension from 0 h UT of the day with one interpolated
// correction; for Asr it even takes the shadow's altitude from the 0 h declination,
// which put Asr up to minutes off (the physics test, prayer-times.physics.test.ts).
import { sunPosition } from './solar-position.ts';

const MS_PER_DAY = 86_400_000;
const MS_PER_HOUR = 3_600_000;
// The sun's hour angle grows by 360° per solar day; the refinement steps by it.
const DEGREES_PER_DAY = 360;
// Stop when a step moves the instant by less than this; each step gains about three
// orders of magnitude, so two to four steps get there.
const CONVERGED_MS = 1;
const MAX_STEPS = 12;

const toRadians = (deg: number): number => (deg * Math.PI) / 180;
const toDegrees = (rad: number): number => (rad * 180) / Math.PI;
/** An angle in (−180, 180]. */
const wrap180 = (deg: number): number => deg - 360 * Math.ceil((deg - 180) / 360);

export interface Place {
  latitude: number;
  longitude: number;
}

/** An altitude in degrees, fixed or depending on the sun's declination (Asr). */
export type AltitudeRule = number | ((declination: number) => number);

/** Afternoon or morning side of the meridian; 0 is the transit itself. */
export type Side = -1 | 0 | 1;

function wantedHourAngle(place: Place, declination: number, altitude: AltitudeRule, side: Side): number {
  if (side === 0) return 0;
  const h0 = typeof altitude === 'number' ? altitude : altitude(declination);
  const phi = toRadians(place.latitude);
  const delta = toRadians(declination);
  const cosH = (Math.sin(toRadians(h0)) - Math.sin(phi) * Math.sin(delta)) / (Math.cos(phi) * Math.cos(delta));
  // |cos H| > 1: the sun never reaches that altitude on this side today.
  return Math.abs(cosH) > 1 ? Number.NaN : side * toDegrees(Math.acos(cosH));
}

/**
 * Refines `guessMs` to the instant at which the sun stands at `altitude` on `side` of
 * the meridian (or on it, side 0). NaN when the altitude is not reached.
 */
export function sunEvent(place: Place, guessMs: number, altitude: AltitudeRule, side: Side): number {
  let ms = guessMs;
  for (let step = 0; step < MAX_STEPS; step++) {
    const sun = sunPosition(ms);
    const hourAngle = wrap180(sun.siderealTime + place.longitude - sun.rightAscension);
    const wanted = wantedHourAngle(place, sun.declination, altitude, side);
    if (Number.isNaN(wanted)) return Number.NaN;
    const moveMs = (wrap180(wanted - hourAngle) / DEGREES_PER_DAY) * MS_PER_DAY;
    ms += moveMs;
    if (Math.abs(moveMs) < CONVERGED_MS) return ms;
  }
  return ms;
}

/**
 * The transit adhan assigns to the UTC date starting at `dayStartMs`: the one nearest
 * mean noon at the longitude, 12 h − longitude/15 after 0 h UT (taken into [0, 24) h),
 * which can fall a few minutes into the neighbouring UTC day near ±180°.
 */
export function transitOfDay(place: Place, dayStartMs: number): number {
  const meanNoonHours = (((12 - place.longitude / 15) % 24) + 24) % 24;
  return sunEvent(place, dayStartMs + meanNoonHours * MS_PER_HOUR, 0, 0);
}

/** The event on `side` of `transitMs`, starting from the hour angle at the transit. */
export function eventAround(place: Place, transitMs: number, altitude: AltitudeRule, side: -1 | 1): number {
  const sun = sunPosition(transitMs);
  const wanted = wantedHourAngle(place, sun.declination, altitude, side);
  // Not reached at the transit's declination: still try from six hours out, since the
  // declination changes during the day (near the polar circles it can make the difference).
  const startDegrees = Number.isNaN(wanted) ? side * 90 : wanted;
  const found = sunEvent(place, transitMs + (startDegrees / DEGREES_PER_DAY) * MS_PER_DAY, altitude, side);
  if (!Number.isNaN(found)) return found;
  // Out of reach at that candidate's declination too: the sun may still graze the
  // altitude near lower culmination, half a day from the transit, where the declination
  // has moved on (61.85° S on 2032-02-05 reaches 12.35° below, Isha's 12.3°, only there).
  return sunEvent(place, transitMs + (side * MS_PER_DAY) / 2, altitude, side);
}
