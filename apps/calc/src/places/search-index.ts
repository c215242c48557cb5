// The places search index (PlaceSearchIndex, packages/core/src/contract/content-format.ts)
// built from every place's spellings. The content build runs this and writes the index into
// places/places.json, so calc folds no spelling at start, only queries (search.ts); it lives
// beside place-key.ts because both sides must fold alike.
import type { PlaceSearchIndex } from '@ira/core/contract/content-format';
import { placeKey } from './place-key.ts';

export interface PlaceSpellings {
  /** The place's names (its name, Arabic and Bengali names; null where none is known). */
  names: readonly (string | null)[];
  /** Its other spellings. */
  alternates: readonly string[];
}

/** A place's keys, each once, true for the keys of its names. */
function placeKeys(place: PlaceSpellings): Map<string, boolean> {
  const keys = new Map<string, boolean>();
  for (const name of place.names) if (name) keys.set(placeKey(name), true);
  for (const spelling of place.alternates) {
    const key = placeKey(spelling);
    if (!keys.has(key)) keys.set(key, false);
  }
  keys.delete('');
  return keys;
}

/** `places[i]` becomes row `i`; the entries are in code-unit order of their keys, then by row. */
export function buildPlaceSearchIndex(places: readonly PlaceSpellings[]): PlaceSearchIndex {
  const entries: Array<[key: string, row: number, isName: boolean]> = [];
  places.forEach((place, row) => {
    for (const [key, isName] of placeKeys(place)) entries.push([key, row, isName]);
  });
  // Plain code-unit order: the order calc's binary search compares in.
  entries.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return {
    keys: entries.map(([key]) => key).join(' '),
    places: entries.map(([, row]) => row),
    names: entries.map(([, , isName]) => (isName ? 1 : 0)),
  };
}
