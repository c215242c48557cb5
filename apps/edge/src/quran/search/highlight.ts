// Where the query matched inside a returned verse text: the verse is tokenised with the
// build's own tokeniser, so its k-th word is the index's k-th token id. A standalone
// query word is marked wherever it occurs; a phrase's words only where the whole phrase
// does. Adjacent marked words merge into one span (a phrase highlights as one).
import { perIndex, type LanguageIndex } from './language-index.ts';
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
const offsetsOf = perIndex<WordOffsets>((index) => ({
  bounds: new Uint16Array(2 * index.tokens.length),
  known: new Uint8Array(index.verseCount),
}));

function wordBounds(index: LanguageIndex, v: number, text: () => string): Uint16Array {
  const offsets = offsetsOf(index);
  const first = index.verseStart[v]!;
  const count = index.verseStart[v + 1]! - first;
  const bounds = offsets.bounds.subarray(2 * first, 2 * (first + count));
  if (offsets.known[v] === 0) {
    const words = index.tokenize(text());
    if (words.length !== count)
      throw new Error(
        `the search index of ${index.name}: verse ${v + 1} has ${count} words in the index ` +
          `and ${words.length} in its text`,
      );
    words.forEach((word, k) => bounds.set([word.start, word.end], 2 * k));
    offsets.known[v] = 1;
  }
  return bounds;
}

// Per index, 1 at each token id a standalone query word matches: set for one verse's
// highlight and cleared after it, so a word of the verse is one array read, not a Map
// look-up per query word (most of a highlight).
const standaloneFlags = perIndex((index) => new Uint8Array(index.vocabulary.length));
// Which words of the verse being highlighted are marked; grown to the longest verse shown.
let marked = new Uint8Array(0);

/** Sets (1) or clears (0) the flag of every token id the standalone words match. */
function flagWords(flags: Uint8Array, words: Ranked['words'], value: 0 | 1): void {
  for (const match of words) for (const id of match.keys()) flags[id] = value;
}

/** Marks (1 in `marked[0 .. count)`) each word of verse v the query marks. */
function markWords(index: LanguageIndex, v: number, ranked: Pick<Ranked, 'words' | 'phrases'>): number {
  const first = index.verseStart[v]!;
  const count = index.verseStart[v + 1]! - first;
  if (marked.length < count) marked = new Uint8Array(count);
  const flags = standaloneFlags(index);
  flagWords(flags, ranked.words, 1);
  for (let k = 0; k < count; k++) marked[k] = flags[index.tokens[first + k]!]!;
  flagWords(flags, ranked.words, 0);
  for (const phrase of ranked.phrases) {
    for (let k = 0; k + phrase.length <= count; k++) {
      if (phraseAt(index, first + k, phrase)) marked.fill(1, k, k + phrase.length);
    }
  }
  return count;
}

/** `text` gives the verse's served text (the index's), asked for only the first time the verse is shown. */
export function matchSpans(
  index: LanguageIndex,
  v: number,
  ranked: Pick<Ranked, 'words' | 'phrases'>,
  text: () => string,
): Span[] {
  const bounds = wordBounds(index, v, text);
  const count = markWords(index, v, ranked);
  const spans: Span[] = [];
  for (let k = 0; k < count; k++) {
    if (marked[k] === 0) continue;
    if (k > 0 && marked[k - 1] === 1) spans[spans.length - 1]!.end = bounds[2 * k + 1]!;
    else spans.push({ start: bounds[2 * k]!, end: bounds[2 * k + 1]! });
  }
  return spans;
}

/** `spans` as JSON (`[{"start":…,"end":…},…]`), written directly: a search page writes one list per result. */
export function spansJson(spans: readonly Span[]): string {
  let json = '[';
  for (let i = 0; i < spans.length; i++)
    json += `${i > 0 ? ',' : ''}{"start":${spans[i]!.start},"end":${spans[i]!.end}}`;
  return `${json}]`;
}
