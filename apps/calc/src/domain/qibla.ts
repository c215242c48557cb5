// Qibla bearing and distance (DESIGN §3 "Qibla"): bearing on a sphere relative to
// true north, by adhan's Qibla(); distance by the haversine formula.
import { Coordinates, Qibla } from 'adhan';
import { compassDirection, type CompassDirection } from './compass.ts';

// The Kaaba as adhan-js uses it (src/Qibla.ts, `makkah = new Coordinates(21.4225241, 39.8261818)`).
export const KAABA_LATITUDE_DEG = 21.4225241;
export const KAABA_LONGITUDE_DEG = 39.8261818;
// IUGG mean Earth radius R1 = (2a + b) / 3 of the GRS 80 ellipsoid, 6371.0088 km
// (H. Moritz, "Geodetic Reference System 1980", Bulletin Géodésique 54, 1980).
export const EARTH_MEAN_RADIUS_KM = 6371.0088;
// International mile = 1.609344 km exactly, so 1 km = 0.621371 mi (to 6 places).
export const MILES_PER_KM = 0.621371;

export interface QiblaResult {
  qibla_direction: CompassDirection;
  compass_bearing: number;
  location: { latitude: number; longitude: number };
  kaaba_coordinates: { latitude: number; longitude: number };
  distance_km: number;
  distance_miles: number;
  note: string;
}

export const QIBLA_NOTE =
  'The bearing is measured clockwise from true north along the great circle to the Kaaba; a magnetic compass points to magnetic north and may differ by the local magnetic declination.';

const round2 = (value: number): number => Math.round(value * 100) / 100 + 0;
const toRadians = (deg: number): number => (deg * Math.PI) / 180;

/** Initial great-circle bearing to the Kaaba in [0, 360), unrounded. */
export function qiblaBearing(lat: number, lon: number): number {
  const bearing = Qibla(new Coordinates(lat, lon));
  return ((bearing % 360) + 360) % 360;
}

/** Haversine great-circle distance to the Kaaba in km, unrounded. */
export function distanceToKaabaKm(lat: number, lon: number): number {
  const dLat = toRadians(KAABA_LATITUDE_DEG - lat);
  const dLon = toRadians(KAABA_LONGITUDE_DEG - lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat)) * Math.cos(toRadians(KAABA_LATITUDE_DEG)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function qiblaFor(lat: number, lon: number): QiblaResult {
  // Rounding can carry 359.996 up to 360; the contract's range is [0, 360).
  const bearing = round2(qiblaBearing(lat, lon)) % 360;
  const km = distanceToKaabaKm(lat, lon);
  return {
    qibla_direction: compassDirection(bearing),
    compass_bearing: bearing,
    location: { latitude: lat, longitude: lon },
    kaaba_coordinates: { latitude: KAABA_LATITUDE_DEG, longitude: KAABA_LONGITUDE_DEG },
    distance_km: round2(km),
    distance_miles: round2(km * MILES_PER_KM),
    note: QIBLA_NOTE,
  };
}
