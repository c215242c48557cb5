import { describe, expect, it } from 'vitest';
import { sliceTranslationSurah } from './translation-content.ts';

const file = (verses: string[]) => Buffer.from(`[\n${verses.map((v) => JSON.stringify(v)).join(',\n')}\n]`);

describe('sliceTranslationSurah', () => {
  it("slices each verse's JSON string out of its line, without the comma, as the build writes them", () => {
    const verses = ['Dengan menyebut nama Allah', 'He said: "Yes, [indeed]," and, then', 'اللہ کے نام سے'];
    const surah = sliceTranslationSurah('x.json', file(verses), 3);
    expect(surah.verses.map((slice) => JSON.parse(slice.toString()))).toEqual(verses);
    expect(surah.bytes).toBe(file(verses).length);
  });

  it('refuses a file without one verse per line, or a line that is not a JSON string', () => {
    expect(() => sliceTranslationSurah('x.json', file(['a', 'b']), 3)).toThrow(
      'x.json: expected 3 verses, one per line',
    );
    expect(() => sliceTranslationSurah('x.json', file(['a', 'b', 'c', 'd']), 3)).toThrow('expected 3 verses');
    expect(() => sliceTranslationSurah('x.json', Buffer.from('[\n"a",\n2\n]'), 2)).toThrow(
      'x.json: line 3 is not a JSON string',
    );
  });
});
