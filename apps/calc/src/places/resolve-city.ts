// `city=<name>` on the calculation endpoints: the best match as /places ranks it, unless
// another match is as good a guess, in which case the caller chooses (never a silent
// guess: api.aladhan.com#71, where "doha" found the wrong Doha, two hours off).
import type { Gazetteer } from './gazetteer.ts';
import type { PlaceMatch, PlaceSearch } from './search.ts';

// The best match wins outright only when the next match of its tier (search.ts: name,
// other spelling, prefix) is at most a tenth as populous: London, GB (8.96 M) over
// London, Ontario (0.35 M) is 26 to 1; Hyderabad, India over Hyderabad, Pakistan, 5 to 1,
// and Tripoli, Libya over Tripoli, Lebanon, 5 to 1, are questions for the caller.
export const CLEAR_WINNER_POPULATION_RATIO = 10;
// At most this many candidates are listed when the caller must choose.
export const CANDIDATES_SHOWN = 5;

export type CityResolution =
  { kind: 'found'; index: number } | { kind: 'none' } | { kind: 'ambiguous'; candidates: number[] };

export function resolveCity(
  gazetteer: Gazetteer,
  search: PlaceSearch,
  city: string,
  country: number | null,
): CityResolution {
  const matches = search.search(city, { country, limit: CANDIDATES_SHOWN + 1 });
  const best = matches[0];
  if (best === undefined) return { kind: 'none' };
  const population = (match: PlaceMatch): number => gazetteer.populations[match.index] as number;
  const alike = matches.filter((match) => match.tier === best.tier);
  const rival = alike[1];
  if (rival === undefined || population(rival) * CLEAR_WINNER_POPULATION_RATIO < population(best))
    return { kind: 'found', index: best.index };
  return { kind: 'ambiguous', candidates: alike.slice(0, CANDIDATES_SHOWN).map((match) => match.index) };
}
