// Folding for the search of the translation editions. The content build indexes every
// edition with these functions and the edge folds queries with the same ones. Each
// edition's script picks one of five folds:
// - latin: case and diacritics (ā, ç, ş) ignored, ı ł ø ß ɗ ƙ ə … as plain letters, apostrophes split words
//   (Turkish Allah'ın finds Allah, French l'homme finds homme);
// - cyrillic: case ignored, ё as е, stress accents dropped;
// - arabic (Urdu, Persian, Pashto, Sindhi, Uyghur, and the Arabic quoted in Divehi): harakat, tatweel and
//   joiners dropped; alef, yeh, kaf and heh forms as one (ی ي ى, ک ك, ہ ھ ۃ ة ه); Eastern digits as 0-9;
// - abugida (Bengali, Hindi, Malayalam, Tamil, Amharic): joiners and the Devanagari nukta dropped (ख़ुदा finds खुदा),
//   Malayalam's atomic chillu letters written as letter + virama, as older text has them; Bengali as words.ts;
// - bigram (Chinese, Japanese, Thai, Korean): no spaces between words (Korean attaches particles to words),
//   so every two neighbouring letters of a run are a token, and a letter alone is one.
// The Latin and Arabic steps are the API's one fold (fold.ts) with what these editions add;
// the rules are documented for clients in the portal's Quran reading guide.
import { foldArabicLetters, foldLatin } from './fold.ts';
import { FOLD_VERSION } from './fold.ts';
import { foldBengaliWord, type Token } from './words.ts';

/**
 * Bump the last two digits on any change to these rules: every translation index records the
 * version, and the edge refuses an index folded otherwise. It moves with the shared folds' version too.
 */
export const TRANSLATION_FOLD_VERSION = FOLD_VERSION * 100 + 1;

export const TRANSLATION_FOLDS = ['latin', 'cyrillic', 'arabic', 'abugida', 'bigram'] as const;
export type TranslationFold = (typeof TRANSLATION_FOLDS)[number];

// Letters, marks and digits with the joiners; apostrophes end a word.
const WORD = /[\p{L}\p{M}\p{N}\u200c\u200d]+/gu;
const BETWEEN_WORDS = /[^\p{L}\p{M}\p{N}\u200c\u200d]+/u;
const CLUSTER = /\p{L}\p{M}*|\p{N}/gu;

// Letters the shared fold keeps and keyboards lack, typed as their plain neighbour: Hausa's hooked
// ɓ ɗ ƙ ƴ and Azerbaijani ə.
const EDITION_LATIN_LETTERS: Readonly<Record<string, string>> = { ɓ: 'b', ɗ: 'd', ƙ: 'k', ƴ: 'y', ə: 'e' };
const EDITION_LATIN_TO_FOLD = /[ɓɗƙƴə]/g;

export function foldLatinWord(word: string): string {
  if (/^[ -~]*$/.test(word)) return word.toLowerCase(); // printable ASCII, most words: nothing to decompose
  return foldLatin(word).replace(EDITION_LATIN_TO_FOLD, (letter) => EDITION_LATIN_LETTERS[letter] ?? letter);
}

export function foldCyrillicWord(word: string): string {
  // NFD splits off only the stress accents and ё's diaeresis; й and the Tajik/Uzbek letters are composed again.
  return word
    .normalize('NFD')
    .replace(/[\u0300\u0301]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ё/g, 'е');
}

// Pashto's yeh forms ې ۍ and heh with yeh above ۂ, beyond the shared Arabic fold; the joiners of Persian.
const EDITION_ARABIC_LETTERS: Readonly<Record<string, string>> = {
  '\u06d0': '\u064a',
  '\u06cd': '\u064a',
  '\u06c2': '\u0647',
};
const EDITION_ARABIC_TO_FOLD = /[\u06d0\u06cd\u06c2]/g;
const JOINERS = /[\u200c\u200d]/g;
// Arabic-Indic U+0660–U+0669 and Extended (Persian, Urdu) U+06F0–U+06F9 digits.
const EASTERN_DIGIT = /[\u0660-\u0669\u06f0-\u06f9]/g;

export function foldArabicScriptWord(word: string): string {
  return foldArabicLetters(word.normalize('NFC'))
    .replace(EDITION_ARABIC_TO_FOLD, (letter) => EDITION_ARABIC_LETTERS[letter] ?? letter)
    .replace(JOINERS, '')
    .replace(EASTERN_DIGIT, (digit) => String(digit.charCodeAt(0) - (digit >= '\u06f0' ? 0x06f0 : 0x0660)));
}

// Malayalam atomic chillu letters (Unicode 5.1) → letter + virama, the older encoding with a joiner.
const CHILLU: Readonly<Record<string, string>> = {
  '\u0d7a': '\u0d23\u0d4d',
  '\u0d7b': '\u0d28\u0d4d',
  '\u0d7c': '\u0d30\u0d4d',
  '\u0d7d': '\u0d32\u0d4d',
  '\u0d7e': '\u0d33\u0d4d',
  '\u0d7f': '\u0d15\u0d4d',
};

export function foldAbugidaWord(word: string): string {
  return foldBengaliWord(word)
    .replace(/[\u0d7a-\u0d7f]/g, (chillu) => CHILLU[chillu] ?? chillu)
    .replace(/\u093c/g, '') // Devanagari nukta
    .replace(JOINERS, '');
}
const WORD_FOLDS: Readonly<Record<Exclude<TranslationFold, 'bigram'>, (word: string) => string>> = {
  latin: foldLatinWord,
  cyrillic: foldCyrillicWord,
  arabic: foldArabicScriptWord,
  abugida: foldAbugidaWord,
};

/** Every two neighbouring letters (with their marks) of each run, a lone letter as itself. */
function bigrams(text: string): Token[] {
  const tokens: Token[] = [];
  for (const run of text.matchAll(WORD)) {
    const letters = [...run[0].matchAll(CLUSTER)].map((c) => ({
      text: c[0].toLowerCase(),
      start: run.index + c.index,
      end: run.index + c.index + c[0].length,
    }));
    if (letters.length === 1) tokens.push({ folded: letters[0]!.text, start: letters[0]!.start, end: letters[0]!.end });
    for (let i = 0; i + 1 < letters.length; i++) {
      tokens.push({
        folded: letters[i]!.text + letters[i + 1]!.text,
        start: letters[i]!.start,
        end: letters[i + 1]!.end,
      });
    }
  }
  return tokens;
}

/**
 * Every token of `text` under `fold`, with UTF-16 offsets for highlighting; words that fold to nothing are
 * left out. The served texts are NFC, as the bigram fold expects. `memo` (word → folded) lets the build fold
 * each distinct word of an edition once.
 */
export function tokenizeTranslation(fold: TranslationFold, text: string, memo?: Map<string, string>): Token[] {
  if (fold === 'bigram') return bigrams(text);
  const foldWord = WORD_FOLDS[fold];
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) {
    let folded = memo?.get(match[0]);
    if (folded === undefined) {
      folded = foldWord(match[0]);
      memo?.set(match[0], folded);
    }
    if (folded !== '') tokens.push({ folded, start: match.index, end: match.index + match[0].length });
  }
  return tokens;
}

/** Two neighbouring letters of a word, or a lone letter: the bigram fold without offsets. */
function wordBigrams(word: string, into: string[]): void {
  const letters = word.toLowerCase().match(CLUSTER) ?? [];
  if (letters.length === 1) into.push(letters[0] as string);
  for (let i = 0; i + 1 < letters.length; i++) into.push((letters[i] as string) + (letters[i + 1] as string));
}

/**
 * The folded tokens of `text`, as `tokenizeTranslation` gives them but without offsets: what the content build
 * indexes, split rather than matched so 16 million tokens cost no match objects. `memo` as there.
 */
export function translationWords(fold: TranslationFold, text: string, memo?: Map<string, string>): string[] {
  const words: string[] = [];
  for (const word of text.split(BETWEEN_WORDS)) {
    if (word === '') continue;
    if (fold === 'bigram') {
      wordBigrams(word, words);
      continue;
    }
    let folded = memo?.get(word);
    if (folded === undefined) {
      folded = WORD_FOLDS[fold](word);
      memo?.set(word, folded);
    }
    if (folded !== '') words.push(folded);
  }
  return words;
}
