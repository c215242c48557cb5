// The form in which place names are compared: the shared search fold (case, diacritics,
// Arabic letter variants and marks, punctuation) without spaces, so "Port-au-Prince",
// "Port au Prince" and "Portauprince" are one key. The content build keeps each
// spelling of a place once by this key, and the search folds queries with it.
import { foldForSearch } from '@ira/core/text/fold';

export function placeKey(text: string): string {
  return foldForSearch(text).replaceAll(' ', '');
}
