// Parses a search query: words (all must match) and "quoted phrases" (their words
// must follow one another). Words are folded with the index's own rules; where the index
// holds letter pairs (Chinese, Japanese, Thai, Korean), the pairs of each unquoted run of
// letters must follow one another too, so 真主的 finds the three letters together.
import type { LanguageIndex } from './language-index.ts';

export interface ParsedQuery {
  /** Every folded word of the query, phrases' words included, without repeats. */
  words: string[];
  /** Each phrase as its folded words in order (only phrases of two words or more). */
  phrases: string[][];
}

const QUOTED = /"([^"]*)"?/g;

export function parseQuery(index: Pick<LanguageIndex, 'tokenize' | 'letterMatch'>, q: string): ParsedQuery {
  const phrases: string[][] = [];
  const words: string[] = [];
  const add = (text: string) => {
    const phrase = index.tokenize(text).map((token) => token.folded);
    if (phrase.length > 1) phrases.push(phrase);
    words.push(...phrase);
  };
  const outside = q.replace(QUOTED, (_, inner: string) => {
    add(inner);
    return ' ';
  });
  if (index.letterMatch) for (const run of outside.split(/\s+/)) add(run);
  else words.push(...index.tokenize(outside).map((token) => token.folded));
  return { words: [...new Set(words)], phrases };
}
