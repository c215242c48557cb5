// Qibla bearing and distance: bearing on a sphere relative to true north, by adhan's
// Qibla(); distance by the haversine formula (the contract's); plus the same on the
// WGS84 ellipsoid (qibla-geodesic.ts) and a sentence where a bearing means little
// (qibla-places.ts).
import { Coordinates, Qibla } from 'adhan';
import { compassDirection, type CompassDirection } from './compass.ts';
import { geodesicToKaaba } from './qibla-geodesic.ts';
import { specialPlace, specialPlaceNote, type SpecialPlace } from './qibla-places.ts';

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
  /** The same on the WGS84 ellipsoid (Karney's geodesic), an addition to the contract. */
  geodesic: {
    ellipsoid: 'WGS84';
    compass_bearing: number;
    distance_km: number;
    distance_miles: number;
  };
  note: string;
  /** Where no single arrow means what it says (docs/api-decisions.md "Qibla"); null elsewhere. */
  special_location: SpecialPlace;
}

export const QIBLA_NOTE =
  'The bearing is measured clockwise from true north along the great circle to the Kaaba; a ' +
  'magnetic compass points to magnetic north and may differ by the local magnetic declination.';

const round2 = (value: number): number => Math.round(value * 100) / 100 + 0;
const toRadians = (deg: number): number => (deg * Math.PI) / 180;

/** Initial great-circle bearing to the Kaaba in [0, 360), unrounded. */
export function qiblaBearing(lat: number, lon: number): number {
  const bearing = Qibla(new Coordinates(lat, lon));
  return ((bearing % 360) + 360) % 360;
}

function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Haversine great-circle distance to the Kaaba in km, unrounded. */
export function distanceToKaabaKm(lat: number, lon: number): number {
  return haversineKm(lat, lon, KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG);
}

/** Great-circle distance to the Kaaba's antipode in km. */
export function distanceToAntipodeKm(lat: number, lon: number): number {
  return haversineKm(lat, lon, -KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG - 180);
}

// Rounding can carry 359.996 up to 360; the contract's range is [0, 360).
const roundedBearing = (bearing: number): number => round2(bearing) % 360;

export function qiblaFor(lat: number, lon: number): QiblaResult {
  const km = distanceToKaabaKm(lat, lon);
  const antipodeKm = distanceToAntipodeKm(lat, lon);
  const place = specialPlace(lat, km, antipodeKm);
  // At the Kaaba there is no direction, at its antipode every direction: the formulas' values there
  // are accidents of rounding (35.11° spherical, 0° geodesic), so every bearing is 0 by convention.
  const conventional = place === 'kaaba' || place === 'antipode';
  const bearing = conventional ? 0 : roundedBearing(qiblaBearing(lat, lon));
  const geodesic = geodesicToKaaba(lat, lon, KAABA_LATITUDE_DEG, KAABA_LONGITUDE_DEG);
  const extra = specialPlaceNote(place, lon, antipodeKm);
  return {
    qibla_direction: compassDirection(bearing),
    compass_bearing: bearing,
    location: { latitude: lat, longitude: lon },
    kaaba_coordinates: { latitude: KAABA_LATITUDE_DEG, longitude: KAABA_LONGITUDE_DEG },
    distance_km: round2(km),
    distance_miles: round2(km * MILES_PER_KM),
    geodesic: {
      ellipsoid: 'WGS84',
      compass_bearing: conventional ? 0 : roundedBearing(geodesic.bearing),
      distance_km: round2(geodesic.distanceKm),
      distance_miles: round2(geodesic.distanceKm * MILES_PER_KM),
    },
    note: extra === null ? QIBLA_NOTE : `${QIBLA_NOTE} ${extra}`,
    special_location: place,
  };
}
