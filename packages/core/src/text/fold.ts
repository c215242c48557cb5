// The one text fold of the API's searches (the 99 Names, the Quran, places): what case,
// diacritics and spelling variants are ignored in Latin, Arabic and Bengali script. The
// content build folds stored text with these functions and the services fold queries with
// the same ones, so both sides always agree. Dependency-free on purpose. The word-level
// folds of the Quran search (words.ts) are made of these.

/**
 * Bump on any change to the folds here or in words.ts: the content tree's search indexes
 * (the Quran's, the places') record the version they were folded with, and a service
 * refuses an index folded differently from its queries.
 */
export const FOLD_VERSION = 4;

// Latin combining diacritics (Unicode block "Combining Diacritical Marks"). Only this
// block is stripped: Bengali vowel signs are marks too and must stay.
const LATIN_COMBINING = /[\u0300-\u036f]/g;
// Latin letters that no Unicode decomposition takes apart (Tromsø, Łódź, Straße, Đà Nẵng).
const LATIN_LETTER_FOLDS: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
};
const LATIN_LETTERS_TO_FOLD = /[øæœßłđðþıħ]/g;

// Arabic harakat and the other combining signs U+064B–U+065F (fathatan … hamza below),
// the superscript (dagger) alef U+0670, tatweel U+0640, the Quranic annotation signs
// U+06D6–U+06ED (small high letters, pause marks, ۞, ۩, small waw/yeh) and the extended
// Quranic marks U+08D3–U+08FF (Unicode 14 Arabic Extended-A). Each combining mark is
// matched on its own, never as part of a sequence.
// eslint-disable-next-line no-misleading-character-class
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640\u06d6-\u06ed\u08d3-\u08ff]/g;
// Alef forms, hamza seats, alef maqsura and ta marbuta; a bare hamza is spelled differently
// across scripts and is ignored. Persian and Urdu keyboards type their own yeh, keheh and heh.
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
  '\u06cc': '\u064a', // ی Farsi yeh → ي
  '\u06a9': '\u0643', // ک keheh → ك
  '\u0629': '\u0647', // ة ta marbuta → ه
  '\u06c1': '\u0647', // ہ heh goal → ه
  '\u06be': '\u0647', // ھ heh doachashmee → ه
  '\u06c3': '\u0647', // ۃ ta marbuta goal → ه
  '\u0621': '', // ء
};
const ARABIC_LETTERS_TO_FOLD =
  /[\u0671\u0623\u0625\u0622\u0672\u0673\u0624\u0626\u0649\u06cc\u06a9\u0629\u06c1\u06be\u06c3\u0621]/g;

// Apostrophe-like characters and hyphens join a word ("Al-Mu'min" → "almumin"):
// ASCII ' and `, ’ ‘ ʼ ʻ ʾ ʿ ´, and the hyphen/dash family; so do the zero-width (non-)joiners,
// which Bengali and Arabic-script spellings carry or leave out. Each is matched on its own, never
// as part of a sequence.
// eslint-disable-next-line no-misleading-character-class
const WORD_JOINERS = /['`\u2018\u2019\u02bb\u02bc\u02be\u02bf\u00b4\u2010-\u2015\u2212\u200c\u200d-]/g;
// Any other punctuation or symbol separates words ("Giver/Bestower", "। ").
const SEPARATORS = /[\p{P}\p{S}]/gu;
const WHITESPACE_RUN = /\s+/g;

/** Lower case without Latin diacritics (NFKD first, so `İ` and `é` lose their marks). */
export function foldLatin(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(LATIN_COMBINING, '')
    .replace(LATIN_LETTERS_TO_FOLD, (letter) => LATIN_LETTER_FOLDS[letter] ?? letter);
}

/** Arabic script without marks, with its letter variants folded (text already normalised). */
export function foldArabicLetters(text: string): string {
  return text
    .replace(ARABIC_MARKS, '')
    .replace(ARABIC_LETTERS_TO_FOLD, (letter) => ARABIC_LETTER_FOLDS[letter] ?? letter);
}

/** Case-, diacritic- and punctuation-insensitive form of `text` for substring search. */
export function foldForSearch(text: string): string {
  return foldArabicLetters(foldLatin(text))
    .replace(WORD_JOINERS, '')
    .replace(SEPARATORS, ' ')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}
