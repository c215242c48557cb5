// Folding for the 99 Names search (apps/edge/README.md "Names search").
// The build stores folded fields and the edge folds queries with this same function,
// so both sides always agree. Dependency-free on purpose.

// Latin combining diacritics (Unicode block "Combining Diacritical Marks"). Only this
// block is stripped: Bengali vowel signs are marks too and must stay.
const LATIN_COMBINING = /[\u0300-\u036f]/g;
// Arabic harakat (fathatan … sukun, maddah, hamza above/below, U+064B–U+065F), the
// superscript alef U+0670, tatweel U+0640 and the Quranic annotation signs of the
// Uthmani script U+06D6–U+06ED (small high letters, rounded zero, small waw/yeh).
// Each combining mark is matched on its own, never as part of a sequence.
// eslint-disable-next-line no-misleading-character-class
const ARABIC_MARKS = /[\u064b-\u065f\u0670\u0640\u06d6-\u06ed]/g;
// Apostrophe-like characters and hyphens join a word ("Al-Mu'min" → "almumin"):
// ASCII ' and `, ’ ‘ ʼ ʻ ʾ ʿ ´, and the hyphen/dash family.
const WORD_JOINERS = /['`\u2018\u2019\u02bb\u02bc\u02be\u02bf\u00b4\u2010-\u2015\u2212-]/g;
// Any other punctuation or symbol separates words ("Giver/Bestower", "। ").
const SEPARATORS = /[\p{P}\p{S}]/gu;
const WHITESPACE_RUN = /\s+/g;
// Alef with hamza above/below and with madda decompose under NFKD (hamza/madda are
// then removed as marks); alef wasla U+0671 does not decompose, so it is mapped here.
// Hamza is written on a seat (ؤ ئ) or alone (ء) in the same word ("الرؤوف" and
// "الرءوف"): a seat decomposes under NFKD into its plain letter and the hamza mark,
// which goes with the marks; the lone hamza is dropped here. Persian and Urdu keyboards
// type their own yeh, keheh and heh for the Arabic letters.
const LETTER_FOLDS: Readonly<Record<string, string>> = {
  '\u0671': '\u0627', // ٱ → ا
  '\u0623': '\u0627', // أ → ا
  '\u0625': '\u0627', // إ → ا
  '\u0622': '\u0627', // آ → ا
  '\u0649': '\u064a', // ى → ي
  '\u0629': '\u0647', // ة → ه
  '\u0621': '', // ء → (nothing)
  '\u06cc': '\u064a', // ی → ي
  '\u06a9': '\u0643', // ک → ك
  '\u06c1': '\u0647', // ہ → ه
  '\u06be': '\u0647', // ھ → ه
  '\u06c3': '\u0647', // ۃ → ه
};
const FOLDED_LETTERS = /[\u0671\u0623\u0625\u0622\u0649\u0629\u0621\u06cc\u06a9\u06c1\u06be\u06c3]/g;

/** Case-, diacritic- and punctuation-insensitive form of `text` for substring search. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(LATIN_COMBINING, '')
    .replace(ARABIC_MARKS, '')
    .replace(FOLDED_LETTERS, (letter) => LETTER_FOLDS[letter] ?? letter)
    .replace(WORD_JOINERS, '')
    .replace(SEPARATORS, ' ')
    .replace(WHITESPACE_RUN, ' ')
    .trim();
}
