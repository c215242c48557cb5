// A place as the API returns it (/places, /places/nearest, and `request.place` of the
// calculation endpoints).
import { elevationOf, type Gazetteer } from './gazetteer.ts';

export interface PlaceJson {
  id: number;
  name: string;
  country: { code: string; name: string };
  admin1: string | null;
  latitude: number;
  longitude: number;
  timezone: string;
  population: number;
  elevation: number | null;
  names: { ar: string | null; bn: string | null };
}

/** The short form echoed in `request.place`. */
export interface PlaceEcho {
  id: number;
  name: string;
  country: string;
  latitude: number;
  longitude: number;
}

export function placeJson(gazetteer: Gazetteer, index: number): PlaceJson {
  const code = gazetteer.countryCodes[gazetteer.countryOf[index] as number] as string;
  const region = gazetteer.regionOf[index] as number;
  return {
    id: gazetteer.ids[index] as number,
    name: gazetteer.names[index] as string,
    country: { code, name: gazetteer.countries[code]?.en ?? code },
    admin1: region < 0 ? null : (gazetteer.regions[region] ?? null),
    latitude: gazetteer.latitudes[index] as number,
    longitude: gazetteer.longitudes[index] as number,
    timezone: gazetteer.zones[gazetteer.zoneOf[index] as number] as string,
    population: gazetteer.populations[index] as number,
    elevation: elevationOf(gazetteer, index),
    names: { ar: gazetteer.arabicNames[index] ?? null, bn: gazetteer.bengaliNames[index] ?? null },
  };
}

export function placeEcho(gazetteer: Gazetteer, index: number): PlaceEcho {
  return {
    id: gazetteer.ids[index] as number,
    name: gazetteer.names[index] as string,
    country: gazetteer.countryCodes[gazetteer.countryOf[index] as number] as string,
    latitude: gazetteer.latitudes[index] as number,
    longitude: gazetteer.longitudes[index] as number,
  };
}
