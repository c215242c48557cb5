// The rule by which the data test (quran-text.test.ts) tells opening from closing quotes,
// on the forms Saheeh International's text uses and on the defects it had.
import { describe, expect, it } from 'vitest';
import { quoteRole, walkQuotes, type QuoteVerse } from './quote-marks.ts';

const roles = (text: string): string[] => [...text.matchAll(/"/g)].map((match) => quoteRole(text, match.index));
const verse = (n: number, text: string, surah = 1): QuoteVerse => ({ surah, verse: n, text });

describe('quoteRole', () => {
  it('opens after the start, a space, a bracket or a dash, before a word', () => {
    expect(roles('"Allah"')).toEqual(['opening', 'closing']);
    expect(roles('said, "[All] praise"')).toEqual(['opening', 'closing']);
    expect(roles('say, "\'Aad')).toEqual(['opening']);
  });

  it('closes after a letter or punctuation, before the end, a space or punctuation', () => {
    expect(roles('"Be," and it is')).toEqual(['opening', 'closing']);
    expect(roles('"Who?". Say')).toEqual(['opening', 'closing']);
    expect(roles('"He says, \'It is a cow.\'"')).toEqual(['opening', 'closing']);
  });

  it("closes after the text's space following a single quote or an ellipsis", () => {
    expect(roles('"He says, \'It is a cow.\' "')).toEqual(['opening', 'closing']);
    expect(roles('"a cautious society... "')).toEqual(['opening', 'closing']);
  });

  it('calls a quote with a space on the wrong side misplaced', () => {
    expect(roles('the way of Allah "? He')).toEqual(['misplaced']);
    expect(roles('they would surely say " Allah."')).toEqual(['misplaced', 'closing']);
    expect(roles('" Allah has begotten,"')).toEqual(['misplaced', 'closing']);
  });
});

describe('walkQuotes', () => {
  it('lets a quotation run over several verses of a surah', () => {
    expect(walkQuotes([verse(1, 'said, "O my people -'), verse(2, 'the worlds."')], new Set())).toEqual([]);
  });

  it('names a quotation its surah never closes', () => {
    const problems = walkQuotes([verse(1, 'Say, "If you are truthful.'), verse(1, 'Say, "x."', 2)], new Set());
    expect(problems).toEqual([{ verse: '1:1', at: 5, problem: 'opens a quotation that its surah never closes' }]);
  });

  it('names a stray closing quote', () => {
    expect(walkQuotes([verse(1, '"answered." So remain on a right course."')], new Set())).toEqual([
      { verse: '1:1', at: 40, problem: 'closes a quotation, but none is open' },
    ]);
  });

  it('names a quotation within a quotation written with double quotes', () => {
    const problems = walkQuotes([verse(1, 'Say, "Those who say, "Our Lord."')], new Set());
    expect(problems.map((p) => [p.verse, p.at])).toEqual([['1:1', 21]]);
    expect(problems[0]?.problem).toMatch(/while the one opened at 1:1 at 5 is open/);
  });

  it('allows a third level of double quotes only where listed, and names a listed verse that has none', () => {
    const passage = [verse(16, 'said, "Say, \'We are messengers,'), verse(17, '"Send with us."\'"')];
    expect(walkQuotes(passage, new Set(['1:17']))).toEqual([]);
    expect(walkQuotes(passage.slice(0, 1).concat(verse(17, 'Send.\'"')), new Set(['1:17']))).toEqual([
      { verse: '1:17', at: -1, problem: 'is listed as a third-level quotation but opens none' },
    ]);
  });

  it('names a quote with a space on the wrong side', () => {
    expect(walkQuotes([verse(1, 'say, "Allah "; and')], new Set())).toEqual([
      { verse: '1:1', at: 12, problem: 'has a space on the wrong side: neither an opening nor a closing quote' },
      { verse: '1:1', at: 5, problem: 'opens a quotation that its surah never closes' },
    ]);
  });
});
