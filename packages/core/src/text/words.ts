// Word-level folding for the Quran full-text search. The content build tokenises every
// verse with these functions and the edge folds queries with the same ones, so both
// sides always agree. Dependency-free on purpose. The rules are documented for clients
// in apps/portal/src/pages/docs/guides/quran-reading.md. The characters are folded by
// fold.ts, which the Names and places searches use too. A change to the rules here
// bumps FOLD_VERSION (fold.ts), like a change to fold.ts does.
import { foldArabicLetters, foldLatin } from './fold.ts';

export const SEARCH_LANGUAGES = ['ar', 'en', 'bn', 'translit'] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

export interface Token {
  /** The folded form the index stores. */
  folded: string;
  /** UTF-16 offsets [start, end) into the original text. */
  start: number;
  end: number;
}

// A word: letters, marks and digits, with inner apostrophes kept for English
// possessives ("Lord's"). Arabic annotation signs are marks or symbols; a "word" made
// only of them folds to nothing and is dropped.
const WORD = /[\p{L}\p{M}\p{N}\u200c\u200d]+(?:['\u2019][\p{L}\p{M}]+)*/gu;

// The definite article with its common proclitics (wa-, fa-, bi-, ka-, li-).
const ARABIC_ARTICLE = /^(?:ال|وال|فال|بال|كال|لل)(?=..)/;

export function foldArabicWord(word: string): string {
  return foldArabicLetters(word.normalize('NFC'));
}

/**
 * Looser keys an Arabic word also matches under: without the article, and the
 * "skeleton" without inner alefs, so a query in standard spelling (العالمين) finds the
 * Uthmani spelling (ٱلۡعَٰلَمِينَ, whose alef is a dagger alef) and the other way round.
 */
export function arabicLooseKeys(folded: string): string[] {
  const skeleton = (word: string): string => word.slice(0, 1) + word.slice(1).replaceAll('\u0627', '');
  const bare = folded.replace(ARABIC_ARTICLE, '');
  return [...new Set([skeleton(folded), skeleton(bare)])];
}

// English: possessive 's, then regular plurals. Applied to query and text alike, so it
// need only be consistent, not linguistically complete ("worlds" → "world",
// "Lord's" → "lord", "mercies" → "mercy", "boxes" → "box").
export function foldEnglishWord(word: string): string {
  let w = foldLatin(word)
    .replace(/['\u2019]s?$/, '')
    .replaceAll('\u2019', "'");
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

// Transliteration: case and Latin diacritics (ā, ḥ) ignored, apostrophes dropped.
export function foldTranslitWord(word: string): string {
  return foldLatin(word).replace(/['\u2019]/g, '');
}

// Bengali: NFC (which also writes য় U+09DF, ড় and ঢ় as letter + nukta, their
// canonical form, so both spellings meet), without zero-width (non-)joiners, and the
// older doubled ya-phala (ধৈর্য্য) written as today's single one (ধৈর্য).
export function foldBengaliWord(word: string): string {
  return word
    .normalize('NFC')
    .replace(/\u09df/g, '\u09af\u09bc')
    .replace(/[\u200c\u200d]/g, '')
    .replace(/\u09cd\u09af\u09cd\u09af/g, '\u09cd\u09af');
}

const FOLDERS: Record<SearchLanguage, (word: string) => string> = {
  ar: foldArabicWord,
  en: foldEnglishWord,
  bn: foldBengaliWord,
  translit: foldTranslitWord,
};

export function foldWord(language: SearchLanguage, word: string): string {
  return FOLDERS[language](word);
}

/** Every word of `text` with its folded form and offsets; words that fold to nothing are left out. */
export function tokenize(language: SearchLanguage, text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    const folded = foldWord(language, match[0]);
    if (folded !== '') tokens.push({ folded, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}
