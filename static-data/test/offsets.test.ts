import { describe, expect, it } from 'vitest';
import { distBytes, distJson, surahPath } from './dist-files.ts';

type Range = [number, number];
type Language = 'arabic' | 'english' | 'bengali';
interface VerseOffsets {
  base: Range;
  arabic: Range;
  english: Range;
  bengali: Range;
}

const LANGUAGES: Language[] = ['arabic', 'english', 'bengali'];
/** Every non-empty language subset, in the contract's order. */
const SUBSETS = [1, 2, 3, 4, 5, 6, 7].map((mask) => LANGUAGES.filter((_, bit) => mask & (1 << bit)));

/** The contract's assembly rule, with an audio part as the edge would splice it in. */
function assemble(bytes: Buffer, offsets: VerseOffsets, languages: Language[], audio: string): string {
  const slice = ([start, end]: Range) => bytes.subarray(start, end).toString('utf8');
  const pairs = languages.map((language) => slice(offsets[language]));
  return `${slice(offsets.base)},"text":{${pairs.join(',')}}${audio}}`;
}

describe('quran/surah/NNN.offsets.json', () => {
  it('slices every verse of every surah into base and language parts that reassemble exactly', () => {
    for (let surah = 1; surah <= 114; surah++) {
      const bytes = distBytes(surahPath(surah));
      const document = JSON.parse(bytes.toString('utf8')) as { verses: Record<string, unknown>[] };
      const { verses } = distJson<{ verses: VerseOffsets[] }>(surahPath(surah, '.offsets.json'));
      expect(verses, `surah ${surah}`).toHaveLength(document.verses.length);
      verses.forEach((offsets, i) => {
        const full = assemble(bytes, offsets, LANGUAGES, '');
        expect(JSON.parse(full), `surah ${surah} verse ${i + 1}`).toEqual(document.verses[i]);
        expect(bytes.subarray(offsets.base[0], offsets.base[0] + 7).toString()).toBe('{"id":"');
        expect(bytes.subarray(offsets.bengali[1], offsets.bengali[1] + 2).toString()).toBe('}}');
      });
    }
  });

  it('assembles any language subset plus an audio part into the expected verse object', () => {
    const audio = ',"audio":[{"reciter":{"id":"alafasy"},"url":"/a?x=1"}]';
    for (const surah of [1, 2, 9, 112, 114]) {
      const bytes = distBytes(surahPath(surah));
      const document = JSON.parse(bytes.toString('utf8')) as { verses: { text: Record<Language, string> }[] };
      const { verses } = distJson<{ verses: VerseOffsets[] }>(surahPath(surah, '.offsets.json'));
      verses.forEach((offsets, i) => {
        const verse = document.verses[i] as { text: Record<Language, string> };
        for (const languages of SUBSETS) {
          const text = Object.fromEntries(languages.map((language) => [language, verse.text[language]]));
          const expected = { ...verse, text, audio: [{ reciter: { id: 'alafasy' }, url: '/a?x=1' }] };
          expect(JSON.parse(assemble(bytes, offsets, languages, audio))).toEqual(expected);
        }
      });
    }
  });
});
