// The names-search fixture (name-spellings.json): how people write each of the 99 Names,
// from the published lists its `sources` name. Read by the spelling test beside it and by
// the bench's names-search-varying scenario (scripts/bench/scenarios.ts).
import { readFileSync } from 'node:fs';

/** One Name's spellings, by the list they come from. */
export interface NameSpellings {
  number: number;
  aladhan: string;
  wikipedia: string;
  indonesian: string;
  common: string[];
  arabic: string[];
}

export interface NameSpellingsFile {
  /** Spellings of more than one Name, with those Names in the order a search lists them. */
  ambiguous: Array<{ spelling: string; names: number[] }>;
  names: NameSpellings[];
}

const NAME_SPELLINGS_FILE = new URL('./name-spellings.json', import.meta.url);

export function readNameSpellings(): NameSpellingsFile {
  return JSON.parse(readFileSync(NAME_SPELLINGS_FILE, 'utf8')) as NameSpellingsFile;
}

/** Every distinct spelling in file order: each Name's Aladhan, Wikipedia, Indonesian, common and Arabic ones. */
export function allSpellings(file: NameSpellingsFile = readNameSpellings()): string[] {
  return [
    ...new Set(
      file.names.flatMap((name) => [name.aladhan, name.wikipedia, name.indonesian, ...name.common, ...name.arabic]),
    ),
  ];
}
