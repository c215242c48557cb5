// 99 Names search (DESIGN §3 "99 Names"): case-, diacritic- and punctuation-insensitive,
// best matches first. Fields are folded at build time with the same foldForSearch the
// query goes through here, so "rahman" and "الرحمن" both find Ar-Rahman.
import { foldForSearch } from '@ira/core/search-fold';

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

export interface SearchEntry {
  number: number;
  /** Field groups in rank order (names, translation, the rest); each field as folded and without spaces. */
  groups: Array<Array<{ words: string; compact: string }>>;
  /** Whole-name forms: spaces removed, with and without a leading article. */
  nameForms: string[];
}

// Leading articles of transliterated names ("Ar-Rahman", "Dhul-Jalali-wal-Ikram").
const LATIN_ARTICLES = new Set(['al', 'ar', 'as', 'ash', 'at', 'ad', 'adh', 'an', 'az', 'dhul']);
const ARABIC_ARTICLE = 'ال';
const WORD_SEPARATORS = /[\s\-‐‑'’ʼ‘`]+/u;

// Lower tier = better match; a name's tier is the best of its matches.
const TIER_EXACT_NAME = 0;
const TIER_NAME_PREFIX = 1;
const TIER_LOOSE = 2;

/** Builds an entry once at start from the index fields and the record's own names. */
export function createSearchEntry(number: number, fields: IndexedFields, names: string[]): SearchEntry {
  const forms = new Set<string>();
  for (const name of names) for (const form of latinForms(name)) forms.add(form);
  for (const form of arabicForms(fields.arabic)) forms.add(form);
  forms.delete('');
  const groups = [
    [fields.transliteration, fields.arabic],
    [fields.translation],
    [fields.meaning, fields.bn_transliteration, fields.bn_translation, fields.bn_meaning],
  ].map((group) => group.map((field) => ({ words: ` ${field} `, compact: compact(field) })));
  return { number, groups, nameForms: [...forms] };
}

/** Numbers of the matching names, best first (ties by number). */
export function searchNames(entries: readonly SearchEntry[], query: string): number[] {
  const folded = foldForSearch(query).trim();
  if (folded === '') return [];
  const queryForms = new Set([...latinForms(query), ...arabicForms(folded)]);
  queryForms.delete('');
  const prepared = { words: ` ${folded} `, compact: compact(folded), forms: [...queryForms] };
  const ranked: Array<{ number: number; tier: number }> = [];
  for (const entry of entries) {
    const tier = rank(entry, prepared);
    if (tier !== null) ranked.push({ number: entry.number, tier });
  }
  ranked.sort((a, b) => a.tier - b.tier || a.number - b.number);
  return ranked.map((item) => item.number);
}

interface PreparedQuery {
  /** The folded query padded with spaces, for whole-word matches. */
  words: string;
  compact: string;
  forms: string[];
}

function rank(entry: SearchEntry, query: PreparedQuery): number | null {
  if (entry.nameForms.some((form) => query.forms.includes(form))) return TIER_EXACT_NAME;
  if (entry.nameForms.some((form) => query.forms.some((prefix) => form.startsWith(prefix)))) return TIER_NAME_PREFIX;
  // Each group is tried as a whole-word match first, then as a substring.
  for (const [index, group] of entry.groups.entries()) {
    if (group.some((field) => field.words.includes(query.words))) return TIER_LOOSE + index * 2;
    if (group.some((field) => field.compact.includes(query.compact))) return TIER_LOOSE + index * 2 + 1;
  }
  return null;
}

/** "Ar-Rahman" → ["arrahman", "rahman"]: joined words, and again without the article. */
function latinForms(text: string): string[] {
  const words = text.split(WORD_SEPARATORS).map((word) => compact(foldForSearch(word))).filter(Boolean);
  const forms = [words.join('')];
  if (words.length > 1 && LATIN_ARTICLES.has(words[0]!)) forms.push(words.slice(1).join(''));
  return forms;
}

function arabicForms(folded: string): string[] {
  const whole = compact(folded);
  return whole.startsWith(ARABIC_ARTICLE) && whole.length > ARABIC_ARTICLE.length + 1
    ? [whole, whole.slice(ARABIC_ARTICLE.length)]
    : [whole];
}

function compact(text: string): string {
  return text.replaceAll(' ', '');
}
