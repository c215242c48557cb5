// One language's search index, prepared at start from quran/search/<lang>.json
// (scripts/build-content/render-search-index.ts): the words of every verse as ids into
// a folded vocabulary, and postings (token id → the verses holding it, once per
// occurrence) derived from them. Everything lives in typed arrays: a few MiB in all.
import { arabicLooseKeys, type SearchLanguage } from '@ira/core/quran-search/fold';

interface IndexFile {
  schema: number;
  language: string;
  vocabulary: string[];
  verses: number[][];
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
  /** Folded word → token id. */
  ids: ReadonlyMap<string, number>;
  /** Arabic only: looser keys (no article, no inner alef) → token ids. */
  loose: ReadonlyMap<string, readonly number[]>;
}

function flatten(verses: number[][]): { tokens: Uint32Array; verseStart: Uint32Array } {
  const verseStart = new Uint32Array(verses.length + 1);
  verses.forEach((words, v) => (verseStart[v + 1] = verseStart[v]! + words.length));
  const tokens = new Uint32Array(verseStart[verses.length]!);
  verses.forEach((words, v) => tokens.set(words, verseStart[v]!));
  return { tokens, verseStart };
}

/** Counting sort of every occurrence by token id: CSR postings in verse order. */
function invert(tokens: Uint32Array, verseStart: Uint32Array, vocabularySize: number): { postings: Uint32Array; postingStart: Uint32Array } {
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
  if (file.schema !== 1 || file.language !== language) throw new Error(`quran/search/${language}.json is not a schema 1 index for ${language}`);
  const { tokens, verseStart } = flatten(file.verses);
  const { postings, postingStart } = invert(tokens, verseStart, file.vocabulary.length);
  return {
    language,
    verseCount: file.verses.length,
    tokens,
    verseStart,
    averageLength: tokens.length / file.verses.length,
    postings,
    postingStart,
    ids: new Map(file.vocabulary.map((word, id) => [word, id])),
    loose: language === 'ar' ? looseKeys(file.vocabulary) : new Map(),
  };
}
