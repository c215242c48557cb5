// Places where a Qibla bearing stops meaning what it says: the Kaaba itself, its
// antipode and the poles. There the result carries a sentence instead of letting a
// formula's value pass silently.
// The Kaaba is about 13 m by 11 m: within 15 m of its centre one is at (or in) it.
export const AT_KAABA_KM = 0.015;
// Within 1 km of the antipode every way round is within metres of the shortest;
// within 100 km the shortest way turns by degrees for a kilometre's step.
export const AT_ANTIPODE_KM = 1;
export const NEAR_ANTIPODE_KM = 100;

/** `special_location` in the Qibla result: what a client shows instead of (or beside) the arrow. */
export type SpecialPlace = 'kaaba' | 'antipode' | 'near_antipode' | 'north_pole' | 'south_pole' | null;

export function specialPlace(lat: number, distanceKm: number, antipodeKm: number): SpecialPlace {
  if (distanceKm <= AT_KAABA_KM) return 'kaaba';
  if (antipodeKm <= AT_ANTIPODE_KM) return 'antipode';
  if (antipodeKm <= NEAR_ANTIPODE_KM) return 'near_antipode';
  if (lat === 90) return 'north_pole';
  if (lat === -90) return 'south_pole';
  return null;
}

/** The sentence for a special place, given the longitude sent (the poles' reference meridian). */
export function specialPlaceNote(place: SpecialPlace, lon: number, antipodeKm: number): string | null {
  switch (place) {
    case 'kaaba':
      return (
        'These coordinates are at the Kaaba itself: there is no direction to face, ' +
        'so the bearings are 0 by convention.'
      );
    case 'antipode':
      return (
        'These coordinates are at the Kaaba’s antipode: every direction leads to the Kaaba by an equally short way, ' +
        'so no bearing is meaningful and every bearing is 0 by convention.'
      );
    case 'near_antipode':
      return (
        `These coordinates are ${antipodeKm.toFixed(0)} km from the Kaaba’s antipode, where the shortest way to the ` +
        'Kaaba turns by degrees over a short distance and the spherical and ellipsoidal bearings can differ widely: ' +
        'geodesic.compass_bearing (the Earth’s shape) is the one to follow.'
      );
    case 'north_pole':
      return (
        'At the North Pole every direction is south: the bearing is measured from the direction you face on ' +
        `arriving along the meridian lon=${lon} (towards the opposite meridian); ` +
        'the Kaaba lies along the meridian 39.83° E.'
      );
    case 'south_pole':
      return (
        'At the South Pole every direction is north: the bearing is measured from the direction along the ' +
        `meridian lon=${lon}; the Kaaba lies along the meridian 39.83° E.`
      );
    default:
      return null;
  }
}
