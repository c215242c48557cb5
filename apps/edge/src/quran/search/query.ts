// Parses a search query: words (all must match) and "quoted phrases" (their words
// must follow one another). Words are folded with the index's own rules.
import { tokenize, type SearchLanguage } from '@ira/core/text/words';

export interface ParsedQuery {
  /** Every folded word of the query, phrases' words included, without repeats. */
  words: string[];
  /** Each phrase as its folded words in order (only phrases of two words or more). */
  phrases: string[][];
}

const QUOTED = /"([^"]*)"?/g;

export function parseQuery(language: SearchLanguage, q: string): ParsedQuery {
  const phrases: string[][] = [];
  const words: string[] = [];
  const outside = q.replace(QUOTED, (_, inner: string) => {
    const phrase = tokenize(language, inner).map((token) => token.folded);
    if (phrase.length > 1) phrases.push(phrase);
    words.push(...phrase);
    return ' ';
  });
  words.push(...tokenize(language, outside).map((token) => token.folded));
  return { words: [...new Set(words)], phrases };
}
