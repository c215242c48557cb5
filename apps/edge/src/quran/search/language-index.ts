// One language's search index, prepared at start from quran/search/<lang>.json
// (scripts/build-content/render-search-index.ts: base64 uint16 LE `lengths` and
// `tokens`): the words of every verse as ids into a folded vocabulary, and postings (token id → the verses holding it, once per
// occurrence) derived from them. Everything lives in typed arrays: a few MiB in all.
import { FOLD_VERSION } from '@ira/core/text/fold';
import { arabicLooseKeys, type SearchLanguage } from '@ira/core/text/words';

interface IndexFile {
  schema: number;
  fold: number;
  language: string;
  vocabulary: string[];
  lengths: string;
  tokens: string;
}

export interface LanguageIndex {
  language: SearchLanguage;
  verseCount: number;
  /** Token ids of verse v (0-based) are tokens[verseStart[v] .. verseStart[v + 1]). */
  tokens: Uint32Array;
  verseStart: Uint32Array;
  averageLength: number;
  /** Verses (0-based, repeated per occurrence) of token t are postings[postingStart[t] .. postingStart[t + 1]). */
  postings: Uint32Array;
  postingStart: Uint32Array;
  /** The folded words, sorted (code-unit order): token id = position. */
  vocabulary: readonly string[];
  /** Folded word → token id. */
  ids: ReadonlyMap<string, number>;
  /** Arabic only: looser keys (no article, no inner alef) → token ids. */
  loose: ReadonlyMap<string, readonly number[]>;
}

function uint16s(base64: string): Uint32Array {
  const bytes = Buffer.from(base64, 'base64');
  const values = new Uint32Array(bytes.length / 2);
  for (let i = 0; i < values.length; i++) values[i] = bytes.readUInt16LE(i * 2);
  return values;
}

function flatten(file: IndexFile): { tokens: Uint32Array; verseStart: Uint32Array } {
  const lengths = uint16s(file.lengths);
  const verseStart = new Uint32Array(lengths.length + 1);
  lengths.forEach((length, v) => (verseStart[v + 1] = verseStart[v]! + length));
  const tokens = uint16s(file.tokens);
  if (tokens.length !== verseStart[lengths.length])
    throw new Error(`quran/search/${file.language}.json: tokens and lengths disagree`);
  return { tokens, verseStart };
}

/** Counting sort of every occurrence by token id: CSR postings in verse order. */
function invert(
  tokens: Uint32Array,
  verseStart: Uint32Array,
  vocabularySize: number,
): { postings: Uint32Array; postingStart: Uint32Array } {
  const postingStart = new Uint32Array(vocabularySize + 1);
  for (const id of tokens) postingStart[id + 1]!++;
  for (let t = 0; t < vocabularySize; t++) postingStart[t + 1]! += postingStart[t]!;
  const next = postingStart.slice(0, vocabularySize);
  const postings = new Uint32Array(tokens.length);
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

export function prepareLanguageIndex(language: SearchLanguage, bytes: Buffer): LanguageIndex {
  const file = JSON.parse(bytes.toString('utf8')) as IndexFile;
  if (file.schema !== 1 || file.language !== language)
    throw new Error(`quran/search/${language}.json is not a schema 1 index for ${language}`);
  if (file.fold !== FOLD_VERSION) {
    throw new Error(
      `quran/search/${language}.json was folded with rules v${file.fold}, this edge folds queries with v${FOLD_VERSION}: rebuild the content tree`,
    );
  }
  const { tokens, verseStart } = flatten(file);
  const { postings, postingStart } = invert(tokens, verseStart, file.vocabulary.length);
  return {
    language,
    verseCount: verseStart.length - 1,
    tokens,
    verseStart,
    averageLength: tokens.length / (verseStart.length - 1),
    postings,
    postingStart,
    vocabulary: file.vocabulary,
    ids: new Map(file.vocabulary.map((word, id) => [word, id])),
    loose: language === 'ar' ? looseKeys(file.vocabulary) : new Map(),
  };
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
