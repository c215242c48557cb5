// Where the query matched inside a returned verse text: the verse is re-tokenised with
// the build's own tokeniser, so its k-th word is the index's k-th token id. Adjacent
// matched words merge into one span (a phrase highlights as one).
import { tokenize } from '@ira/core/quran-search/fold';
import type { LanguageIndex } from './language-index.ts';
import type { WordMatch } from './rank.ts';

export interface Span {
  start: number;
  end: number;
}

export function matchSpans(index: LanguageIndex, v: number, matches: readonly WordMatch[], text: string): Span[] {
  const words = tokenize(index.language, text);
  const first = index.verseStart[v]!;
  const spans: Span[] = [];
  let previous = -2;
  words.forEach((word, k) => {
    const id = index.tokens[first + k]!;
    if (!matches.some((match) => match.has(id))) return;
    const last = spans.at(-1);
    if (last !== undefined && previous === k - 1) last.end = word.end;
    else spans.push({ start: word.start, end: word.end });
    previous = k;
  });
  return spans;
}
