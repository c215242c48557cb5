// Saheeh International's double quotation marks, told apart by the characters beside them
// and walked through each surah. The text writes a quotation in "…", a quotation within it
// in '…', and a quotation within that in "…" again; a quotation may run over several verses
// and closes where the speech ends. Single quotes are not walked: the same mark is the
// apostrophe of 'Aad, Shu'ayb and fathers'.

export type QuoteRole = 'opening' | 'closing' | 'misplaced';

export interface QuoteVerse {
  surah: number;
  verse: number;
  text: string;
}
export interface QuoteProblem {
  verse: string;
  at: number;
  problem: string;
}

/** What may stand before an opening quote (besides the start of the verse). */
const BEFORE_OPENING = /[\s([-]/u;
/** What may follow an opening quote: the first letter of the words quoted. */
const AFTER_OPENING = /[\p{L}\p{N}[(']/u;
/** What may stand before a closing quote: the last letter or punctuation of the words quoted. */
const BEFORE_CLOSING = /[\p{L}\p{N}.,;:!?')\]]/u;
/** What may follow a closing quote (besides the end of the verse). */
const AFTER_CLOSING = /[\s.,;:!?)\]'-]/u;

/**
 * The role of the `"` at `at`: opening when it follows the start, whitespace, an opening
 * bracket or a dash and precedes a word; closing when it follows a letter or punctuation
 * and precedes the end, whitespace or punctuation. The text sets a space between a closing
 * single quote or an ellipsis and the closing double quote (`' "`, `... "`); that quote
 * closes too. Anything else has a space on the wrong side (`said," We`, `Allah "?`).
 */
export function quoteRole(text: string, at: number): QuoteRole {
  const before = text[at - 1] ?? '';
  const after = text[at + 1] ?? '';
  const endsHere = after === '' || AFTER_CLOSING.test(after);
  const spacedClose = before === ' ' && (text[at - 2] === "'" || text.slice(at - 4, at - 1) === '...');
  if (spacedClose && endsHere) return 'closing';
  if ((before === '' || BEFORE_OPENING.test(before)) && AFTER_OPENING.test(after)) return 'opening';
  if (before !== '' && BEFORE_CLOSING.test(before) && endsHere) return 'closing';
  return 'misplaced';
}

interface Open {
  verse: string;
  at: number;
}
const place = (open: Open): string => `${open.verse} at ${open.at}`;

/**
 * Walks the quotes of `verses` (in order, surah by surah) and lists every quote that opens
 * while a quotation is open, closes when none is, has a space on the wrong side, or opens
 * a quotation its surah never closes. `thirdLevel` names the verses where the text opens a
 * quotation within a quotation within a quotation, which takes double quotes again; an
 * entry that does not do so is a problem too.
 */
export function walkQuotes(verses: readonly QuoteVerse[], thirdLevel: ReadonlySet<string>): QuoteProblem[] {
  const problems: QuoteProblem[] = [];
  const unusedThirdLevel = new Set(thirdLevel);
  let open: Open[] = [];
  const endSurah = () => {
    for (const quote of open) problems.push({ ...quote, problem: 'opens a quotation that its surah never closes' });
    open = [];
  };
  verses.forEach((entry, i) => {
    if (i > 0 && verses[i - 1]?.surah !== entry.surah) endSurah();
    const verse = `${entry.surah}:${entry.verse}`;
    for (let at = entry.text.indexOf('"'); at !== -1; at = entry.text.indexOf('"', at + 1)) {
      const role = quoteRole(entry.text, at);
      if (role === 'misplaced') {
        problems.push({ verse, at, problem: 'has a space on the wrong side: neither an opening nor a closing quote' });
      } else if (role === 'closing') {
        if (open.pop() === undefined) problems.push({ verse, at, problem: 'closes a quotation, but none is open' });
      } else if (open.length === 1 && thirdLevel.has(verse)) {
        unusedThirdLevel.delete(verse);
        open.push({ verse, at });
      } else {
        const outer = open[0];
        if (outer !== undefined) {
          problems.push({
            verse,
            at,
            problem:
              `opens a quotation while the one opened at ${place(outer)} is open: ` +
              'that one never closes, or this one is nested and takes single quotes',
          });
        }
        open = [{ verse, at }];
      }
    }
  });
  endSurah();
  for (const verse of unusedThirdLevel)
    problems.push({ verse, at: -1, problem: 'is listed as a third-level quotation but opens none' });
  return problems;
}
