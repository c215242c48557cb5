// The physics the prayer-time tests measure against: the instant the sun's centre
// reaches an altitude, from astronomy-engine (VSOP87 positions, ΔT, nutation and
// aberration; an ephemeris independent of adhan's low-precision Meeus formulas).
// Geometric altitudes (no refraction model): the methods define their angles that way,
// and sunrise/sunset's −0.833° already includes standard refraction and the sun's radius.
import {
  Body,
  Equator,
  Horizon,
  MakeTime,
  Observer,
  Search,
  SearchHourAngle,
  SiderealTime,
  type AstroTime,
} from 'astronomy-engine';

const HOURS_PER_DAY = 24;
const MS_PER_HOUR = 3_600_000;
// Search stops once the bracket is this small (astronomy-engine takes seconds).
const SEARCH_TOLERANCE_SECONDS = 0.1;

export interface SunPlace {
  observer: Observer;
  latitude: number;
  longitude: number;
}

export function sunPlace(latitude: number, longitude: number): SunPlace {
  return { observer: new Observer(latitude, longitude, 0), latitude, longitude };
}

interface SunPosition {
  altitude: number;
  declination: number;
}

function sunAt(place: SunPlace, time: AstroTime): SunPosition {
  const equator = Equator(Body.Sun, time, place.observer, true, true);
  const horizon = Horizon(time, place.observer, equator.ra, equator.dec, '');
  return { altitude: horizon.altitude, declination: equator.dec };
}

/** The first upper transit (hour angle 0) after `start`. */
export function transitAfter(place: SunPlace, start: Date): Date {
  return SearchHourAngle(Body.Sun, place.observer, 0, start, 1).time.date;
}

const toRadians = (deg: number): number => (deg * Math.PI) / 180;
const toDegrees = (rad: number): number => (rad * 180) / Math.PI;

/** A target altitude, fixed or (Asr) depending on the sun's declination at that instant. */
export type AltitudeTarget = number | ((declination: number) => number);

/** Asr: the altitude at which a stick's shadow is `factor` lengths plus its noon shadow. */
export function asrAltitude(latitude: number, factor: number): (declination: number) => number {
  return (declination) => toDegrees(Math.atan(1 / (factor + Math.tan(toRadians(Math.abs(latitude - declination))))));
}

/**
 * The instant within half a day before (`morning`) or after (`evening`) `transit` at
 * which the sun's centre crosses `target`; null when it does not reach it.
 */
export function altitudeCrossing(
  place: SunPlace,
  transit: Date,
  target: AltitudeTarget,
  side: 'morning' | 'evening',
): Date | null {
  const sign = side === 'morning' ? 1 : -1;
  const excess = (time: AstroTime): number => {
    const sun = sunAt(place, time);
    const wanted = typeof target === 'number' ? target : target(sun.declination);
    return sign * (sun.altitude - wanted);
  };
  const halfDay = new Date(transit.getTime() - sign * (HOURS_PER_DAY / 2) * MS_PER_HOUR);
  const [from, to] = side === 'morning' ? [halfDay, transit] : [transit, halfDay];
  const found = Search(excess, MakeTime(from), MakeTime(to), { dt_tolerance_seconds: SEARCH_TOLERANCE_SECONDS });
  return found === null ? null : found.date;
}

/** The sun's apparent geocentric declination at `date`, degrees. */
export function declinationAt(date: Date): number {
  return Equator(Body.Sun, date, new Observer(0, 0, 0), true, true).dec;
}

const RATE_STEP_MS = 60_000;

/** How fast the sun's altitude changes at `date`, degrees per second (absolute). */
export function altitudeRate(place: SunPlace, date: Date): number {
  const before = sunAt(place, MakeTime(new Date(date.getTime() - RATE_STEP_MS))).altitude;
  const after = sunAt(place, MakeTime(new Date(date.getTime() + RATE_STEP_MS))).altitude;
  return Math.abs(after - before) / ((2 * RATE_STEP_MS) / 1000);
}

const MS_PER_DAY = 86_400_000;
const DEGREES_PER_HOUR = 15;

/**
 * The sun once per day, as Diyanet's algorithm takes it (src/prayer/daily-sun.ts), from
 * this ephemeris: right ascension, declination and sidereal time at 0 h UT of the UTC
 * date starting at `dayStart`; the transit where the hour angle is 0, and each crossing
 * an hour angle away turned into time at 15° an hour. null where the sun does not reach it.
 */
export function dailyCrossings(place: SunPlace, dayStart: Date) {
  const sun = Equator(Body.Sun, dayStart, new Observer(0, 0, 0), true, true);
  const siderealDeg = SiderealTime(dayStart) * DEGREES_PER_HOUR;
  const fraction = ((((sun.ra * DEGREES_PER_HOUR - place.longitude - siderealDeg) / 360) % 1) + 1) % 1;
  const transit = new Date(dayStart.getTime() + fraction * MS_PER_DAY);
  const phi = toRadians(place.latitude);
  const delta = toRadians(sun.dec);
  const cross = (target: AltitudeTarget, side: 'morning' | 'evening'): Date | null => {
    const h0 = typeof target === 'number' ? target : target(sun.dec);
    const cosH = (Math.sin(toRadians(h0)) - Math.sin(phi) * Math.sin(delta)) / (Math.cos(phi) * Math.cos(delta));
    if (Math.abs(cosH) > 1) return null;
    const sign = side === 'morning' ? -1 : 1;
    return new Date(transit.getTime() + sign * (toDegrees(Math.acos(cosH)) / 360) * MS_PER_DAY);
  };
  return { transit, cross };
}
