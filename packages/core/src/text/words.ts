// Word-level folding for the Quran full-text search. The content build tokenises every
// verse with these functions and the edge folds queries with the same ones, so both
// sides always agree. Dependency-free on purpose. The rules are documented for clients
// in apps/portal/src/pages/docs/guides/quran-reading.md.

/**
 * Bump on any change to the rules below: the index in the content tree records the
 * version it was folded with, and the edge refuses an index folded differently from
 * its queries.
 */
export const FOLD_VERSION = 2;

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

// Arabic harakat and the other combining signs U+064B–U+065F (fathatan … hamza
// below), the superscript (dagger) alef U+0670, tatweel U+0640, the Quranic annotation
// signs U+06D6–U+06ED (small high letters, pause marks, ۞, ۩, small waw/yeh) and the
// extended Quranic marks U+08D3–U+08FF (Unicode 14 Arabic Extended-A).
// Each combining mark is matched on its own, never as part of a sequence.
// eslint-disable-next-line no-misleading-character-class
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640\u06d6-\u06ed\u08d3-\u08ff]/g;
const ARABIC_LETTER_FOLDS: Readonly<Record<string, string>> = {
  '\u0671': '\u0627', // ٱ alef wasla → ا
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0672': '\u0627', // ٲ → ا
  '\u0673': '\u0627', // ٳ → ا
  '\u0624': '\u0648', // ؤ → و
  '\u0626': '\u064a', // ئ → ي
  '\u0649': '\u064a', // ى alef maqsura → ي
  '\u06cc': '\u064a', // ی Farsi yeh (Persian keyboards) → ي
  '\u06a9': '\u0643', // ک keheh → ك
  '\u0629': '\u0647', // ة ta marbuta → ه
  '\u0621': '', // ء a bare hamza is spelled differently across scripts: ignored
};
const ARABIC_LETTERS_TO_FOLD = /[\u0671\u0623\u0625\u0622\u0672\u0673\u0624\u0626\u0649\u06cc\u06a9\u0629\u0621]/g;
// The definite article with its common proclitics (wa-, fa-, bi-, ka-, li-).
const ARABIC_ARTICLE = /^(?:ال|وال|فال|بال|كال|لل)(?=..)/;

export function foldArabicWord(word: string): string {
  return word
    .normalize('NFC')
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_LETTERS_TO_FOLD, (letter) => ARABIC_LETTER_FOLDS[letter] ?? letter);
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
  let w = word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]s?$/, '')
    .replaceAll('\u2019', "'");
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ss|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  return w;
}

// Transliteration: case and Latin diacritics (ā, ḥ) ignored, apostrophes dropped.
export function foldTranslitWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['\u2019]/g, '');
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
