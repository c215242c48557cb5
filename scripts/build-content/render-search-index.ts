// Renders the Quran full-text search index: quran/search/{ar,en,bn,translit}.json.
// Each holds the folded vocabulary (sorted, so ids are reproducible) and, per verse in
// Quran order, the ids of its words in reading order. The edge derives its postings
// from these at start and re-tokenises only the verses it returns, for highlighting.
// Folding rules: packages/core/src/quran-search/fold.ts (shared with the edge).
import { SEARCH_LANGUAGES, tokenize, type SearchLanguage } from '@ira/core/quran-search/fold';
import type { QuranSurah } from './content-types.ts';

export const SEARCH_INDEX_SCHEMA = 1;

type Verse = QuranSurah['verses'][number];

const TEXT_OF: Record<SearchLanguage, (verse: Verse) => string> = {
  ar: (verse) => verse.text.arabic,
  en: (verse) => verse.text.english,
  bn: (verse) => verse.text.bengali,
  translit: (verse) => verse.base.transliteration,
};

export function renderLanguageIndex(language: SearchLanguage, surahs: readonly QuranSurah[]): string {
  const words = surahs.flatMap(({ verses }) => verses.map((verse) => tokenize(language, TEXT_OF[language](verse)).map((token) => token.folded)));
  // Plain code-unit order, never locale-dependent, so the bytes are reproducible.
  const vocabulary = [...new Set(words.flat())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const ids = new Map(vocabulary.map((word, id) => [word, id]));
  const verses = words.map((verseWords) => JSON.stringify(verseWords.map((word) => ids.get(word))));
  return `{"schema":${SEARCH_INDEX_SCHEMA},"language":"${language}","vocabulary":${JSON.stringify(vocabulary)},"verses":[\n${verses.join(',\n')}\n]}`;
}

export function renderSearchIndex(surahs: readonly QuranSurah[]): Map<string, string> {
  return new Map(SEARCH_LANGUAGES.map((language) => [`quran/search/${language}.json`, renderLanguageIndex(language, surahs)] as const));
}
