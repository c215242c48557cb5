import { describe, expect, it } from 'vitest';
import { gluedPunctuation, scriptProblems } from './translation-script.ts';

const NONE = { characters: '', glued: [] };
const problems = (script: Parameters<typeof scriptProblems>[1], text: string, allowances = NONE) =>
  scriptProblems([[text]], script, allowances);

describe('characters outside the script', () => {
  it('accepts the script, digits and common punctuation', () => {
    expect(problems('latin', 'Katakanlah: "Dialah Allah, Yang Maha Esa" (112:1) – ¿sí?')).toEqual([]);
    expect(problems('arabic', 'اللہ کے نام سے، جو بڑا مہربان ہے؟ ۲۵۵')).toEqual([]);
    expect(problems('japanese', '「これは苦難の日である。」と言った。')).toEqual([]);
  });

  it('names each character outside it, by code point and verse', () => {
    expect(problems('cyrillic', 'Нe ще')).toEqual([
      { verse: '1:1', problem: 'U+0065 "e" is outside the edition\'s script and punctuation' },
    ]);
    expect(problems('latin', 'Tod \u0096 doch')[0]?.problem).toMatch(/^U\+0096 /);
    expect(problems('bengali', 'কতৃꦣ2453;')[0]?.problem).toMatch(/^U\+A9A3 /);
  });

  it('accepts what the edition allows, and only that', () => {
    expect(problems('latin', 'Ka`bah *', { characters: '`', glued: [] }).map((p) => p.problem)).toEqual([
      'U+002A "*" is outside the edition\'s script and punctuation',
    ]);
  });

  it('accepts the Arabic that Divehi quotes', () => {
    expect(problems('thaana', 'އެކަލާނގެ وحى ކުރެއްވިއެވެ.')).toEqual([]);
  });
});

describe('punctuation glued between two words', () => {
  it('finds a sentence mark with a letter on each side, in any script', () => {
    expect(gluedPunctuation('হে ঈমানদারগণ!তোমরা অনুগ্রহের', [])).toEqual(['ঈমানদারগণ!তোমরা']);
    expect(gluedPunctuation('دی۔تو جب', [])).toEqual(['دی۔تو']);
    expect(gluedPunctuation('us.Were it not', [])).toEqual(['us.Were']);
  });

  it('leaves abbreviations of single letters, numbers and spaced marks alone', () => {
    expect(
      gluedPunctuation('the Day (i.e. the Day of Recompense), Muhammad s.a.w, т.е. 2:255. Yes, no; "so"!', []),
    ).toEqual([]);
  });

  it('leaves the spellings the edition allows', () => {
    expect(gluedPunctuation('En el nombre de Al.lah, el Clementísimo', ['Al.lah'])).toEqual([]);
  });

  it('does not check Chinese and Japanese, which set sentences without spaces', () => {
    expect(problems('han', '我的宗族啊！我不为传达使命。他说')).toEqual([]);
    expect(problems('latin', 'loro.Abbassa').map((p) => p.problem)).toEqual([
      'punctuation glued between two words: "loro.Abbassa"',
    ]);
  });
});
