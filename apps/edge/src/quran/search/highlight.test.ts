import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@ira/core/runtime/config';
import { SEARCH_LANGUAGES, type SearchLanguage } from '@ira/core/text/words';
import { openContentSource } from '@ira/core/runtime/content-source';
import { matchSpans, spansJson } from './highlight.ts';
import { loadQuranSearch } from './quran-search.ts';

const contentDir = loadConfig({}).contentDir;
const search = await loadQuranSearch(await openContentSource({ contentDir, contentOrigin: null }));

interface BuiltVerse {
  transliteration: string;
  text: { arabic: string; english: string; bengali: string };
}
const TEXT_OF: Record<SearchLanguage, (verse: BuiltVerse) => string> = {
  ar: (verse) => verse.text.arabic,
  en: (verse) => verse.text.english,
  bn: (verse) => verse.text.bengali,
  translit: (verse) => verse.transliteration,
};

// Every verse of the built tree, in mushaf order (0-based position = the index's verse number).
const surahDir = path.join(contentDir, 'quran/surah');
const verses: BuiltVerse[] = readdirSync(surahDir)
  .filter((name) => /^\d{3}\.json$/.test(name))
  .sort()
  .flatMap((name) => (JSON.parse(readFileSync(path.join(surahDir, name), 'utf8')) as { verses: BuiltVerse[] }).verses);

/** A match of every word verse v holds, as if the query had asked for all of them. */
function everyWordOf(language: SearchLanguage, v: number) {
  const index = search[language];
  const ids = index.tokens.subarray(index.verseStart[v], index.verseStart[v + 1]);
  return { words: [new Map([...ids].map((id) => [id, 1]))], phrases: [] };
}

const LETTER = /\p{L}/u;

describe('matchSpans', () => {
  it('has the text hold every word of every verse where the index counts it, in all four languages', () => {
    expect(verses).toHaveLength(6236);
    for (const language of SEARCH_LANGUAGES) {
      verses.forEach((verse, v) => {
        const text = TEXT_OF[language](verse);
        // Every word marked: one span from the first letter of the verse to its last.
        const spans = matchSpans(search[language], v, everyWordOf(language, v), () => text);
        expect(spans, `${language} verse ${v + 1}`).toHaveLength(1);
        const [{ start, end }] = spans as [{ start: number; end: number }];
        expect(
          LETTER.test(text.slice(0, start)) || LETTER.test(text.slice(end)),
          `${language} verse ${v + 1}: ${start}-${end}`,
        ).toBe(false);
      });
    }
  });

  it('reads a verse text only the first time the verse is shown', () => {
    const index = search.en;
    const v = 1; // 1:2
    const text = TEXT_OF.en(verses[v]!);
    const lord = index.ids.get('lord')!;
    const ranked = { words: [new Map([[lord, 1]])], phrases: [] };
    const first = matchSpans(index, v, ranked, () => text);
    expect(first.map(({ start, end }) => text.slice(start, end))).toEqual(['Lord']);
    expect(
      matchSpans(index, v, ranked, () => {
        throw new Error('the text was read again');
      }),
    ).toEqual(first);
  });

  it('marks only the words of the query asked for, whatever was highlighted before', () => {
    const index = search.en;
    const v = 1; // 1:2
    const text = TEXT_OF.en(verses[v]!);
    const only = (word: string) => ({ words: [new Map([[index.ids.get(word)!, 1]])], phrases: [] });
    const marked = (word: string) =>
      matchSpans(index, v, only(word), () => text).map(({ start, end }) => text.slice(start, end));
    expect(marked('lord')).toEqual(['Lord']);
    expect(marked('allah')).toEqual(['Allah']);
    expect(marked('lord')).toEqual(['Lord']);
  });
});

describe('spansJson', () => {
  it.each([
    [[]],
    [[{ start: 0, end: 5 }]],
    [
      [
        { start: 4, end: 9 },
        { start: 120, end: 131 },
        { start: 65_000, end: 65_535 },
      ],
    ],
  ])('writes %j as JSON.stringify does', (spans) => {
    expect(spansJson(spans)).toBe(JSON.stringify(spans));
  });
});
