// Where the query matched inside a returned verse text: the verse is tokenised with the
// build's own tokeniser, so its k-th word is the index's k-th token id. A standalone
// query word is marked wherever it occurs; a phrase's words only where the whole phrase
// does. Adjacent marked words merge into one span (a phrase highlights as one).
import { tokenize } from '@ira/core/quran-search/fold';
import type { LanguageIndex } from './language-index.ts';
import { phraseAt, type Ranked } from './rank.ts';

export interface Span {
  start: number;
  end: number;
}

interface WordOffsets {
  /** Start and end (UTF-16 units) of token i of the index at [2i, 2i + 1]; no verse text reaches 65,536 units. */
  bounds: Uint16Array;
  /** Whether verse v's bounds are filled in yet. */
  known: Uint8Array;
}

// A verse is tokenised the first time it is shown and its word offsets kept: ~4 bytes
// per word of the language (~0.6 MB for English), where tokenising and folding every
// shown verse again was a third of a search's time.
const offsetsByIndex = new WeakMap<LanguageIndex, WordOffsets>();

function wordBounds(index: LanguageIndex, v: number, text: () => string): Uint16Array {
  let offsets = offsetsByIndex.get(index);
  if (offsets === undefined) {
    offsets = { bounds: new Uint16Array(2 * index.tokens.length), known: new Uint8Array(index.verseCount) };
    offsetsByIndex.set(index, offsets);
  }
  const first = index.verseStart[v]!;
  const count = index.verseStart[v + 1]! - first;
  const bounds = offsets.bounds.subarray(2 * first, 2 * (first + count));
  if (offsets.known[v] === 0) {
    const words = tokenize(index.language, text());
    if (words.length !== count) throw new Error(`quran/search/${index.language}.json: verse ${v + 1} has ${count} words in the index and ${words.length} in its text`);
    words.forEach((word, k) => bounds.set([word.start, word.end], 2 * k));
    offsets.known[v] = 1;
  }
  return bounds;
}

/** Whether any of the query's words matches `token` (a loop: no closure per word of a verse). */
function matchesAny(words: Ranked['words'], token: number): boolean {
  for (const match of words) if (match.has(token)) return true;
  return false;
}

/** 1 for each word of verse v the query marks. Plain loops: Array.from with a map function was most of a highlight. */
function markedWords(index: LanguageIndex, v: number, ranked: Pick<Ranked, 'words' | 'phrases'>): Uint8Array {
  const first = index.verseStart[v]!;
  const count = index.verseStart[v + 1]! - first;
  const marked = new Uint8Array(count);
  for (let k = 0; k < count; k++) if (matchesAny(ranked.words, index.tokens[first + k]!)) marked[k] = 1;
  for (const phrase of ranked.phrases) {
    for (let k = 0; k + phrase.length <= count; k++) {
      if (phraseAt(index, first + k, phrase)) marked.fill(1, k, k + phrase.length);
    }
  }
  return marked;
}

/** `text` gives the verse's served text (index.language's), asked for only the first time the verse is shown. */
export function matchSpans(index: LanguageIndex, v: number, ranked: Pick<Ranked, 'words' | 'phrases'>, text: () => string): Span[] {
  const bounds = wordBounds(index, v, text);
  const marked = markedWords(index, v, ranked);
  const spans: Span[] = [];
  for (let k = 0; k < marked.length; k++) {
    if (marked[k] === 0) continue;
    if (k > 0 && marked[k - 1] === 1) spans[spans.length - 1]!.end = bounds[2 * k + 1]!;
    else spans.push({ start: bounds[2 * k]!, end: bounds[2 * k + 1]! });
  }
  return spans;
}
