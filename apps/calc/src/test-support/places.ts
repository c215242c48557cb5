// The gazetteers calc's tests run with: the small fixture (places-fixture.ts) for every
// route test, and the real one of the built content tree for the places tests (turbo
// builds the tree before calc's tests: turbo.json "@ira/calc#test").
import { PLACES_PATH } from '@ira/core/contract/content-format';
import { loadConfig } from '@ira/core/runtime/config';
import { openContentSource } from '@ira/core/runtime/content-source';
import { createPlaceIndex, type PlaceIndex } from '../places/place-index.ts';
import { placesFixtureText } from './places-fixture.ts';

let fixture: PlaceIndex | undefined;
export function fixturePlaces(): PlaceIndex {
  fixture ??= createPlaceIndex(placesFixtureText());
  return fixture;
}

let real: Promise<PlaceIndex> | undefined;
/** The gazetteer of static-data/dist (`npm run build` first). */
export function builtPlaces(): Promise<PlaceIndex> {
  real ??= openContentSource(loadConfig({}))
    .then((content) => content.read(PLACES_PATH))
    .then((bytes) => createPlaceIndex(bytes));
  return real;
}
