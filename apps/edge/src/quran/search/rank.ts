// Finds and ranks the verses that hold every query word (and every phrase), best
// first: BM25 over the words (k1 = 1.2, b = 0.75, the usual defaults from Robertson &
// Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009), where a
// looser Arabic match (article or inner alef differing) counts less than an exact one.
import { arabicLooseKeys } from '@ira/core/text/words';
import { perIndex, type LanguageIndex } from './language-index.ts';
import type { ParsedQuery } from './query.ts';

const K1 = 1.2;
const B = 0.75;
const EXACT_WEIGHT = 1;
const LOOSE_WEIGHT = 0.6;
const PREFIX_WEIGHT = 0.5;
// Bengali adds case endings and suffixes to the word (ধৈর্য → ধৈর্যের, ধৈর্যশীল): a
// Bengali query word also matches the words it begins, up to this many of them.
const MAX_PREFIX_WORDS = 200;
const MIN_PREFIX_CHARS = 2;
// A lone Chinese, Japanese, Thai or Korean letter (主) is in as many letter pairs as it has
// neighbours in the text: a few hundred; the cap bounds a search on the commonest.
const MAX_LETTER_PAIRS = 1_000;
const LONE_LETTER = /^\p{L}\p{M}*$/u;

/** Token id → weight of the words a query word matches. */
export type WordMatch = ReadonlyMap<number, number>;

export interface Ranked {
  /** 0-based verse positions, best first. */
  verses: number[];
  /** Matches of the words that stand alone (not inside a quoted phrase). */
  words: WordMatch[];
  /** Each phrase as the matches of its words in order. */
  phrases: WordMatch[][];
}

/** Ids of the vocabulary words that start with `word` (binary search in the sorted list). */
function prefixIds(vocabulary: readonly string[], word: string): number[] {
  let low = 0;
  let high = vocabulary.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (vocabulary[mid]! < word) low = mid + 1;
    else high = mid;
  }
  const ids: number[] = [];
  for (let id = low; id < vocabulary.length && ids.length < MAX_PREFIX_WORDS && vocabulary[id]!.startsWith(word); id++)
    ids.push(id);
  return ids;
}

/** Ids of the letter pairs that begin or end with `letter`. */
function letterPairIds(vocabulary: readonly string[], letter: string): number[] {
  const ids: number[] = [];
  for (let id = 0; id < vocabulary.length && ids.length < MAX_LETTER_PAIRS; id++) {
    const pair = vocabulary[id]!;
    if (pair !== letter && (pair.startsWith(letter) || pair.endsWith(letter))) ids.push(id);
  }
  return ids;
}

export function matchWord(index: LanguageIndex, word: string): WordMatch {
  const found = new Map<number, number>();
  if (index.prefixMatch && word.length >= MIN_PREFIX_CHARS) {
    for (const id of prefixIds(index.vocabulary, word)) found.set(id, PREFIX_WEIGHT);
  }
  if (index.letterMatch && LONE_LETTER.test(word)) {
    for (const id of letterPairIds(index.vocabulary, word)) found.set(id, EXACT_WEIGHT);
  }
  for (const key of index.loose.size > 0 ? arabicLooseKeys(word) : []) {
    for (const id of index.loose.get(key) ?? []) found.set(id, LOOSE_WEIGHT);
  }
  const exact = index.ids.get(word);
  if (exact !== undefined) found.set(exact, EXACT_WEIGHT);
  return found;
}

/**
 * The query word's term frequency in every verse that matched each earlier word
 * (`matched[v] === word`) and is in range, added into `tf`, each verse once in `touched`:
 * by walking the word's postings.
 */
export function countByPostings(
  index: LanguageIndex,
  match: WordMatch,
  word: number,
  acc: Pick<Accumulator, 'tf' | 'matched'>,
  inRange: (v: number) => boolean,
): number[] {
  const { tf, matched } = acc;
  const touched: number[] = [];
  for (const [id, weight] of match) {
    for (let p = index.postingStart[id]!; p < index.postingStart[id + 1]!; p++) {
      const v = index.postings[p]!;
      if (matched[v] !== word || !inRange(v)) continue;
      if (tf[v] === 0) touched.push(v);
      tf[v] = tf[v]! + weight;
    }
  }
  return touched;
}

/**
 * countByPostings by reading the words of the verses still in the running (`candidates`,
 * which matched every earlier word and are in range) instead of the word's postings:
 * "sent and" reads the ~30 words of each of the ~200 verses holding "sent" rather than
 * the ~20,000 postings of "and". Each verse's total adds the same weights in the same
 * order as the postings would (by matched id, then by position), so the sums are the
 * same to the bit; the verses come out in `candidates`' order.
 */
export function countByVerses(
  index: LanguageIndex,
  match: WordMatch,
  candidates: readonly number[],
  tf: Float64Array,
): number[] {
  const ids = [...match.keys()];
  const weights = [...match.values()];
  const touched: number[] = [];
  for (const v of candidates) {
    const end = index.verseStart[v + 1]!;
    let f = 0;
    for (let k = 0; k < ids.length; k++) {
      for (let i = index.verseStart[v]!; i < end; i++) if (index.tokens[i] === ids[k]) f += weights[k]!;
    }
    if (f === 0) continue;
    touched.push(v);
    tf[v] = f;
  }
  return touched;
}

/**
 * Adds each verse's BM25 score for one word into `scores`, for verses that matched every
 * earlier word (`matched[v] === word`, the verses `candidates` lists after the first
 * word); returns the verses that now match this one too. `postingCount`: the word's
 * postings, against which reading the candidates' words is weighed.
 */
function scoreWord(
  index: LanguageIndex,
  match: WordMatch,
  word: number,
  acc: Accumulator,
  inRange: (v: number) => boolean,
  candidates: readonly number[] | null,
  postingCount: number,
): number[] {
  const { tf, scores, matched } = acc;
  // Reading a verse's words costs about as much per word as a posting does.
  const byVerses = candidates !== null && candidates.length * index.averageLength * match.size < postingCount;
  const touched = byVerses
    ? countByVerses(index, match, candidates, tf)
    : countByPostings(index, match, word, acc, inRange);
  const idf = Math.log(1 + (index.verseCount - touched.length + 0.5) / (touched.length + 0.5));
  for (const v of touched) {
    const length = index.verseStart[v + 1]! - index.verseStart[v]!;
    const f = tf[v]!;
    scores[v] = scores[v]! + (idf * f * (K1 + 1)) / (f + K1 * (1 - B + (B * length) / index.averageLength));
    matched[v] = word + 1;
    tf[v] = 0;
  }
  return touched;
}

interface Accumulator {
  tf: Float64Array;
  scores: Float64Array;
  /** How many of the query's words (in order) the verse has matched so far. */
  matched: Uint8Array;
}

// One accumulator per index, reused by every search (a search runs start to end without
// yielding) and left all zeros after each: three fresh arrays per search were ~110 KB
// of garbage, which at a few thousand searches a second set the collector's pace.
const accumulatorFor = perIndex<Accumulator>((index) => ({
  tf: new Float64Array(index.verseCount),
  scores: new Float64Array(index.verseCount),
  matched: new Uint8Array(index.verseCount),
}));

/** Whether the verse holds the phrase's words one after another. */
export function holdsPhrase(index: LanguageIndex, v: number, phrase: readonly WordMatch[]): boolean {
  const end = index.verseStart[v + 1]!;
  for (let i = index.verseStart[v]!; i + phrase.length <= end; i++) {
    if (phraseAt(index, i, phrase)) return true;
  }
  return false;
}

/** Whether the phrase starts at token position i (absolute, into index.tokens). */
export function phraseAt(index: LanguageIndex, i: number, phrase: readonly WordMatch[]): boolean {
  return phrase.every((match, k) => match.has(index.tokens[i + k]!));
}

/** The `needed`-th highest score of `found` (needed ≤ found.length), kept in a min-heap of the best so far. */
function nthBestScore(found: readonly number[], scores: Float64Array, needed: number): number {
  const heap = new Float64Array(needed);
  let size = 0;
  for (const v of found) {
    const score = scores[v]!;
    if (size < needed) {
      // Sift the new score up from the end.
      let i = size++;
      while (i > 0 && heap[(i - 1) >> 1]! > score) {
        heap[i] = heap[(i - 1) >> 1]!;
        i = (i - 1) >> 1;
      }
      heap[i] = score;
    } else if (score > heap[0]!) {
      // Replace the lowest kept score and sift it down.
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= size) break;
        const child = left + 1 < size && heap[left + 1]! < heap[left]! ? left + 1 : left;
        if (heap[child]! >= score) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = score;
    }
  }
  return heap[0]!;
}

/**
 * Best first by score, then Quran order. Only the first `needed` places must be exact
 * (the page asked for), so a long list is cut at the needed-th best score and only the
 * part above it is sorted with the comparator: sorting a copy of every score was most of
 * the cost of a common word (3,945 verses hold "the"; bench: quran-search-en).
 */
function bestFirst(found: number[], scores: Float64Array, needed: number): number[] {
  const byScore = (a: number, b: number): number => scores[b]! - scores[a]! || a - b;
  if (needed * 2 >= found.length) return found.sort(byScore);
  const threshold = nthBestScore(found, scores, needed);
  const top: number[] = [];
  const rest: number[] = [];
  for (const v of found) (scores[v]! >= threshold ? top : rest).push(v);
  top.sort(byScore);
  for (const v of rest) top.push(v);
  return top;
}

/** `needed`: how many of the best must come in exact order (the end of the requested page). */
export function rank(
  index: LanguageIndex,
  query: ParsedQuery,
  range: { first: number; last: number } | null,
  needed = Infinity,
): Ranked {
  const matches = query.words.map((word) => matchWord(index, word));
  const inRange = range === null ? () => true : (v: number) => v >= range.first && v <= range.last;
  const acc = accumulatorFor(index);
  // The rarest word first keeps the later passes to the few verses still in the running.
  const order = matches.map(
    (match, i) =>
      [
        i,
        [...match.keys()].reduce((sum, id) => sum + index.postingStart[id + 1]! - index.postingStart[id]!, 0),
      ] as const,
  );
  order.sort((a, b) => a[1] - b[1]);
  // Every verse a later pass scores, the first pass scored too: zeroing those clears it all.
  let firstPass: number[] = [];
  let candidates: number[] = [];
  let ordered: number[];
  const byWord = new Map(query.words.map((word, i) => [word, matches[i]!]));
  const phrases = query.phrases.map((phrase) => phrase.map((word) => byWord.get(word)!));
  try {
    order.forEach(([i, postingCount], word) => {
      candidates = scoreWord(index, matches[i]!, word, acc, inRange, word === 0 ? null : candidates, postingCount);
      if (word === 0) firstPass = candidates;
    });
    const found =
      phrases.length === 0
        ? candidates
        : candidates.filter((v) => phrases.every((phrase) => holdsPhrase(index, v, phrase)));
    ordered = bestFirst(found, acc.scores, needed);
  } finally {
    for (const v of firstPass) {
      acc.scores[v] = 0;
      acc.matched[v] = 0;
    }
  }
  const standalone = query.words
    .filter((word) => !query.phrases.some((phrase) => phrase.includes(word)))
    .map((word) => byWord.get(word)!);
  return { verses: ordered, words: standalone, phrases };
}
