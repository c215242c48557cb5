// 99 Names search: finds a name however it is spelled, best matches first. Every name's
// forms and keys are computed once at start; a query is folded the same way and only
// compared (rules and tiers: apps/edge/README.md "Names search").
import { foldForSearch } from '@ira/core/text/fold';
import { arabicExactForms, arabicLooseKey, consonantSpellings } from './arabic-keys.ts';
import { editDistance, withinOneEdit } from './edit-distance.ts';
import { exactForms, hasLatin, latinWords, looseNameKeys, looseQueryKeys, spellingForm } from './latin-keys.ts';

/** Fields of names/search-index.json, already folded by the build. */
export interface IndexedFields {
  arabic: string;
  transliteration: string;
  translation: string;
  meaning: string;
  bn_transliteration: string;
  bn_translation: string;
  bn_meaning: string;
}

/** The fields of one rank group, joined by NUL so that no match spans two fields. */
interface FieldGroup {
  /** Each folded field padded with spaces, for whole-word matches. */
  words: string;
  /** Each folded field without spaces, for substring matches. */
  compact: string;
}

export interface SearchEntry {
  number: number;
  /** Exact forms: transliteration (long vowels as written) and Arabic, with and without the article. */
  exact: ReadonlySet<string>;
  /** Loose keys: spelling conventions folded away (Latin and Arabic). */
  loose: ReadonlySet<string>;
  /** The same forms and keys as lists, for prefix and typo scans. */
  exactList: readonly string[];
  looseList: readonly string[];
  /** How the name is written, for ordering matches of the same tier by closeness. */
  spellings: readonly string[];
  /** Field groups in rank order: names, translation, the rest. */
  groups: readonly FieldGroup[];
}

interface PreparedQuery {
  exact: string[];
  loose: string[];
  spelling: string;
  /** The folded words; a field group matches when it holds every one. */
  words: string[];
  /** The same words padded with spaces, for whole-word matches. */
  paddedWords: string[];
}

// Lower tier = better match; a name's tier is the best of its matches. Name and typo
// tiers are ordered among themselves by closeness of spelling, field tiers by number.
const TIER_EXACT = 0;
const TIER_LOOSE = 1;
const TIER_PREFIX = 2;
const TIER_LOOSE_PREFIX = 3;
const TIER_FIELDS = 4;
const FIELD_GROUPS = 3;
// One typo is forgiven ("Al Mughi" for Al-Mughni) only in keys this long and only when
// no name matched otherwise; those names come after every real match.
const TIER_TYPO = TIER_FIELDS + FIELD_GROUPS * 2;
const MIN_TYPO_KEY_LENGTH = 4;
const FIELD_SEPARATOR = '\u0000';
// Control characters (the separator among them) never reach the comparison: a query of NUL
// matched every name, since every name's fields hold it between them.
const CONTROL_CHARACTERS = /\p{Cc}/gu;
const ARABIC_LETTER = /[\u0621-\u064a\u0671-\u06d3]/u;

/** Builds an entry once at start from the index fields and the record's own names. */
export function createSearchEntry(number: number, fields: IndexedFields, names: string[]): SearchEntry {
  const arabic = arabicExactForms(fields.arabic);
  const spellingsOfLetters = consonantSpellings(fields.arabic);
  const words = names.map(latinWords);
  const exact = new Set([...words.flatMap(exactForms), ...arabic]);
  const loose = new Set([
    ...words.flatMap((nameWords) => looseNameKeys(nameWords, spellingsOfLetters)),
    ...arabic.map(arabicLooseKey),
  ]);
  exact.delete('');
  loose.delete('');
  const groups = [
    [fields.transliteration, fields.arabic],
    [fields.translation],
    [fields.meaning, fields.bn_transliteration, fields.bn_translation, fields.bn_meaning],
  ].map((group) => ({
    words: group.map((field) => ` ${field} `).join(FIELD_SEPARATOR),
    compact: group.map((field) => field.replaceAll(' ', '')).join(FIELD_SEPARATOR),
  }));
  const spellings = [...new Set([...words.map(spellingForm), ...arabic])];
  return { number, exact, loose, exactList: [...exact], looseList: [...loose], spellings, groups };
}

/** Numbers of the matching names, best first. */
export function searchNames(entries: readonly SearchEntry[], query: string): number[] {
  const prepared = prepare(query);
  if (prepared === null) return [];
  const ranked = new Map<number, Ranked>();
  for (const entry of entries) {
    const tier = rank(entry, prepared);
    if (tier !== null)
      ranked.set(entry.number, { number: entry.number, tier, distance: closeness(entry, prepared, tier) });
  }
  if (![...ranked.values()].some((item) => item.tier <= TIER_LOOSE_PREFIX)) {
    for (const entry of typos(entries, prepared)) {
      if (!ranked.has(entry.number))
        ranked.set(entry.number, {
          number: entry.number,
          tier: TIER_TYPO,
          distance: closeness(entry, prepared, TIER_TYPO),
        });
    }
  }
  return [...ranked.values()]
    .sort((a, b) => a.tier - b.tier || a.distance - b.distance || a.number - b.number)
    .map((item) => item.number);
}

interface Ranked {
  number: number;
  tier: number;
  distance: number;
}

function prepare(raw: string): PreparedQuery | null {
  const query = raw.replace(CONTROL_CHARACTERS, ' ');
  const folded = foldForSearch(query);
  if (folded === '') return null;
  const words = hasLatin(query) ? latinWords(query) : [];
  const arabic = ARABIC_LETTER.test(folded) ? arabicExactForms(folded) : [];
  const exact = [...exactForms(words), ...arabic];
  const loose = [...looseQueryKeys(words), ...arabic.map(arabicLooseKey)];
  // Longest word first: it is the rarest and the fastest to rule a field out.
  const foldedWords = folded.split(' ').sort((a, b) => b.length - a.length);
  const spelling = words.length > 0 ? spellingForm(words) : (arabic[0] ?? folded);
  return { exact, loose, spelling, words: foldedWords, paddedWords: foldedWords.map((word) => ` ${word} `) };
}

function rank(entry: SearchEntry, query: PreparedQuery): number | null {
  if (hasAny(entry.exact, query.exact)) return TIER_EXACT;
  if (hasAny(entry.loose, query.loose)) return TIER_LOOSE;
  if (startsWithAny(entry.exactList, query.exact)) return TIER_PREFIX;
  if (startsWithAny(entry.looseList, query.loose)) return TIER_LOOSE_PREFIX;
  // Each group is tried with every word whole first, then as substrings.
  for (let index = 0; index < entry.groups.length; index++) {
    const group = entry.groups[index]!;
    if (containsAll(group.words, query.paddedWords)) return TIER_FIELDS + index * 2;
    if (containsAll(group.compact, query.words)) return TIER_FIELDS + index * 2 + 1;
  }
  return null;
}

function containsAll(text: string, parts: readonly string[]): boolean {
  for (const part of parts) if (!text.includes(part)) return false;
  return true;
}

function hasAny(set: ReadonlySet<string>, values: readonly string[]): boolean {
  for (const value of values) if (set.has(value)) return true;
  return false;
}

function startsWithAny(forms: readonly string[], prefixes: readonly string[]): boolean {
  for (const form of forms) for (const prefix of prefixes) if (form.startsWith(prefix)) return true;
  return false;
}

/** Names one edit away from what was typed, for a query that matched no name. */
function typos(entries: readonly SearchEntry[], query: PreparedQuery): SearchEntry[] {
  const keys = query.loose.filter((key) => key.length >= MIN_TYPO_KEY_LENGTH);
  if (keys.length === 0) return [];
  return entries.filter((entry) => entry.looseList.some((name) => keys.some((key) => withinOneEdit(key, name))));
}

/** Edit distance from what was typed to the closest way the name is written (name tiers only). */
function closeness(entry: SearchEntry, query: PreparedQuery, tier: number): number {
  if (tier > TIER_LOOSE_PREFIX && tier !== TIER_TYPO) return 0;
  return Math.min(...entry.spellings.map((spelling) => editDistance(query.spelling, spelling)));
}
