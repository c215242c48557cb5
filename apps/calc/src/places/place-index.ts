// Everything calc answers place questions with, built once at start from the
// gazetteer file of the content tree (its search index included: nothing is folded here).
import { createCountryLookup, type CountryLookup } from './countries.ts';
import { parseGazetteer, type Gazetteer } from './gazetteer.ts';
import { createNearestLookup, type NearestLookup } from './nearest.ts';
import { createPlaceSearch, type PlaceSearch } from './search.ts';

export interface PlaceIndex {
  gazetteer: Gazetteer;
  search: PlaceSearch;
  nearest: NearestLookup;
  country: CountryLookup;
}

export function createPlaceIndex(placesJson: Buffer | string): PlaceIndex {
  const { gazetteer, search } = parseGazetteer(placesJson);
  return {
    gazetteer,
    search: createPlaceSearch(gazetteer, search),
    nearest: createNearestLookup(gazetteer),
    country: createCountryLookup(gazetteer),
  };
}
