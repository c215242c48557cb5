// Where the query matched inside a returned verse text: the verse is re-tokenised with
// the build's own tokeniser, so its k-th word is the index's k-th token id. A standalone
// query word is marked wherever it occurs; a phrase's words only where the whole phrase
// does. Adjacent marked words merge into one span (a phrase highlights as one).
import { tokenize } from '@ira/core/quran-search/fold';
import type { LanguageIndex } from './language-index.ts';
import { phraseAt, type Ranked } from './rank.ts';

export interface Span {
  start: number;
  end: number;
}

function markedWords(index: LanguageIndex, v: number, ranked: Pick<Ranked, 'words' | 'phrases'>): boolean[] {
  const first = index.verseStart[v]!;
  const count = index.verseStart[v + 1]! - first;
  const marked = Array.from({ length: count }, (_, k) => ranked.words.some((match) => match.has(index.tokens[first + k]!)));
  for (const phrase of ranked.phrases) {
    for (let k = 0; k + phrase.length <= count; k++) {
      if (phraseAt(index, first + k, phrase)) marked.fill(true, k, k + phrase.length);
    }
  }
  return marked;
}

export function matchSpans(index: LanguageIndex, v: number, ranked: Pick<Ranked, 'words' | 'phrases'>, text: string): Span[] {
  const words = tokenize(index.language, text);
  const marked = markedWords(index, v, ranked);
  const spans: Span[] = [];
  words.forEach((word, k) => {
    if (!marked[k]) return;
    const last = spans.at(-1);
    if (last !== undefined && marked[k - 1]) last.end = word.end;
    else spans.push({ start: word.start, end: word.end });
  });
  return spans;
}
