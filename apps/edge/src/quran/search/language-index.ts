// One search index, prepared from quran/search/<lang>.json at start or from a translation
// edition's quran/search/translations/<id>.json on first use (scripts/build-content/
// render-search-index.ts and render-translation-search.ts: base64 uint16 LE `lengths` and
// `tokens`): the words of every verse as ids into a folded vocabulary, and postings (token id
// → the verses holding it, once per occurrence) derived from them, in typed arrays.
import {
  TRANSLATION_FOLD_VERSION,
  TRANSLATION_FOLDS,
  tokenizeTranslation,
  type TranslationFold,
} from '@ira/core/text/translation-fold';
import { FOLD_VERSION } from '@ira/core/text/fold';
import { arabicLooseKeys, tokenize, type SearchLanguage, type Token } from '@ira/core/text/words';

interface IndexFile {
  schema: number;
  fold: number;
  language?: string;
  /** Translation indexes: the edition and the fold its script uses. */
  edition?: string;
  tokenizer?: string;
  vocabulary: string[];
  lengths: string;
  tokens: string;
}

export interface LanguageIndex {
  /** What it searches, for messages: a language (`en`) or a translation edition (`id.indonesian`). */
  name: string;
  /** A verse's words as the build tokenised it, with their offsets in the text (for highlighting). */
  tokenize(text: string): Token[];
  /** Bengali: a query word also finds the words it begins (suffixes). */
  prefixMatch: boolean;
  /** Character bigrams (Chinese, Japanese, Thai, Korean): a lone query letter finds every pair holding it. */
  letterMatch: boolean;
  verseCount: number;
  /** Token ids of verse v (0-based) are tokens[verseStart[v] .. verseStart[v + 1]) (ids are uint16 in the file). */
  tokens: Uint16Array;
  verseStart: Uint32Array;
  averageLength: number;
  /** Verses (0-based, repeated per occurrence) of token t are postings[postingStart[t] .. postingStart[t + 1]). */
  postings: Uint16Array;
  postingStart: Uint32Array;
  /** The folded words, sorted (code-unit order): token id = position. */
  vocabulary: readonly string[];
  /** Folded word → token id. */
  ids: ReadonlyMap<string, number>;
  /** Arabic only: looser keys (no article, no inner alef) → token ids. */
  loose: ReadonlyMap<string, readonly number[]>;
  /** Bytes the prepared index holds, about (the translation indexes' cache budget). */
  bytes: number;
}

function uint16s(base64: string): Uint16Array {
  const bytes = Buffer.from(base64, 'base64');
  const values = new Uint16Array(bytes.length / 2);
  for (let i = 0; i < values.length; i++) values[i] = bytes.readUInt16LE(i * 2);
  return values;
}

function flatten(file: IndexFile, path: string): { tokens: Uint16Array; verseStart: Uint32Array } {
  const lengths = uint16s(file.lengths);
  const verseStart = new Uint32Array(lengths.length + 1);
  lengths.forEach((length, v) => (verseStart[v + 1] = verseStart[v]! + length));
  const tokens = uint16s(file.tokens);
  if (tokens.length !== verseStart[lengths.length]) throw new Error(`${path}: tokens and lengths disagree`);
  return { tokens, verseStart };
}

/** Counting sort of every occurrence by token id: CSR postings in verse order. */
function invert(
  tokens: Uint16Array,
  verseStart: Uint32Array,
  vocabularySize: number,
): { postings: Uint16Array; postingStart: Uint32Array } {
  const postingStart = new Uint32Array(vocabularySize + 1);
  for (const id of tokens) postingStart[id + 1]!++;
  for (let t = 0; t < vocabularySize; t++) postingStart[t + 1]! += postingStart[t]!;
  const next = postingStart.slice(0, vocabularySize);
  // A verse position (< 6,236) fits 16 bits: half the memory of the largest array.
  const postings = new Uint16Array(tokens.length);
  for (let v = 0; v + 1 < verseStart.length; v++) {
    for (let i = verseStart[v]!; i < verseStart[v + 1]!; i++) postings[next[tokens[i]!]!++] = v;
  }
  return { postings, postingStart };
}

function looseKeys(vocabulary: readonly string[]): Map<string, number[]> {
  const loose = new Map<string, number[]>();
  vocabulary.forEach((word, id) => {
    for (const key of arabicLooseKeys(word)) {
      const ids = loose.get(key);
      if (ids === undefined) loose.set(key, [id]);
      else ids.push(id);
    }
  });
  return loose;
}

type IndexRules = Pick<LanguageIndex, 'name' | 'tokenize' | 'prefixMatch' | 'letterMatch'> & { arabic: boolean };

// A JS string is two bytes a code unit, plus about 50 bytes for the string and its Map entry.
const WORD_OVERHEAD_BYTES = 50;

function prepared(file: IndexFile, path: string, rules: IndexRules): LanguageIndex {
  const { tokens, verseStart } = flatten(file, path);
  const { postings, postingStart } = invert(tokens, verseStart, file.vocabulary.length);
  const words = file.vocabulary.reduce((sum, word) => sum + 2 * word.length + WORD_OVERHEAD_BYTES, 0);
  const { arabic, ...matching } = rules;
  return {
    ...matching,
    verseCount: verseStart.length - 1,
    tokens,
    verseStart,
    averageLength: tokens.length / (verseStart.length - 1),
    postings,
    postingStart,
    vocabulary: file.vocabulary,
    ids: new Map(file.vocabulary.map((word, id) => [word, id])),
    loose: arabic ? looseKeys(file.vocabulary) : new Map(),
    // The arrays, the words, and what searching it adds (highlight.ts: 4 bytes a token; rank.ts: 17 a verse).
    bytes: tokens.byteLength * 3 + postings.byteLength + postingStart.byteLength + verseStart.byteLength * 5 + words,
  };
}

export function prepareLanguageIndex(language: SearchLanguage, bytes: Buffer): LanguageIndex {
  const path = `quran/search/${language}.json`;
  const file = JSON.parse(bytes.toString('utf8')) as IndexFile;
  if (file.schema !== 1 || file.language !== language)
    throw new Error(`${path} is not a schema 1 index for ${language}`);
  if (file.fold !== FOLD_VERSION) {
    throw new Error(
      `${path} was folded with rules v${file.fold}, this edge folds queries with v${FOLD_VERSION}: ` +
        'rebuild the content tree',
    );
  }
  return prepared(file, path, {
    name: language,
    tokenize: (text) => tokenize(language, text),
    prefixMatch: language === 'bn',
    letterMatch: false,
    arabic: language === 'ar',
  });
}

/** A translation edition's index: its own fold, and exact words (or letter pairs) only. */
export function prepareTranslationIndex(edition: string, bytes: Buffer): LanguageIndex {
  const path = `quran/search/translations/${edition}.json`;
  const file = JSON.parse(bytes.toString('utf8')) as IndexFile;
  const fold = file.tokenizer as TranslationFold;
  if (file.schema !== 1 || file.edition !== edition || !TRANSLATION_FOLDS.includes(fold)) {
    throw new Error(`${path} is not a schema 1 index of ${edition}`);
  }
  if (file.fold !== TRANSLATION_FOLD_VERSION) {
    throw new Error(
      `${path} was folded with rules v${file.fold}, this edge folds queries with v${TRANSLATION_FOLD_VERSION}: ` +
        'rebuild the content tree',
    );
  }
  return prepared(file, path, {
    name: edition,
    tokenize: (text) => tokenizeTranslation(fold, text),
    prefixMatch: false,
    letterMatch: fold === 'bigram',
    arabic: false,
  });
}

/** A value made for each index the first time it is asked for, then kept (the arrays searches reuse). */
export function perIndex<T>(make: (index: LanguageIndex) => T): (index: LanguageIndex) => T {
  const made = new WeakMap<LanguageIndex, T>();
  return (index) => {
    let value = made.get(index);
    if (value === undefined) {
      value = make(index);
      made.set(index, value);
    }
    return value;
  };
}
