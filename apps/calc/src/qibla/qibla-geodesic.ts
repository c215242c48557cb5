// The Qibla on the WGS84 ellipsoid: the initial azimuth and length of the geodesic to
// the Kaaba, by C. F. F. Karney's algorithm ("Algorithms for geodesics", J. Geodesy 87,
// 2013), from geographiclib-geodesic (Karney's own JavaScript port, MIT). The spherical
// bearing the contract asks for stays the main answer; on the ellipsoid the direction
// differs by up to a few tenths of a degree in most places and by degrees near the
// Kaaba's antipode, where geodesics from every direction nearly meet.
import geographiclib from 'geographiclib-geodesic';

const WGS84 = geographiclib.Geodesic.WGS84;
const METRES_PER_KM = 1000;

export interface GeodesicQibla {
  /** Initial azimuth of the geodesic from true north, degrees in [0, 360), unrounded. */
  bearing: number;
  /** Geodesic length on WGS84, km, unrounded. */
  distanceKm: number;
}

export function geodesicToKaaba(lat: number, lon: number, kaabaLat: number, kaabaLon: number): GeodesicQibla {
  const line = WGS84.Inverse(lat, lon, kaabaLat, kaabaLon);
  const azimuth = line.azi1 ?? 0;
  return { bearing: ((azimuth % 360) + 360) % 360, distanceKm: (line.s12 ?? 0) / METRES_PER_KM };
}
