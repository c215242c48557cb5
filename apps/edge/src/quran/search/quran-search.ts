// The Quran full-text search: the four language indexes, loaded once at start.
import { SEARCH_LANGUAGES, type SearchLanguage } from '@ira/core/text/words';
import type { ContentSource } from '@ira/core/runtime/content-source';
import { prepareLanguageIndex, type LanguageIndex } from './language-index.ts';

export type QuranSearch = Readonly<Record<SearchLanguage, LanguageIndex>>;

export async function loadQuranSearch(source: ContentSource): Promise<QuranSearch> {
  const files = await Promise.all(SEARCH_LANGUAGES.map((language) => source.read(`quran/search/${language}.json`)));
  return Object.fromEntries(
    SEARCH_LANGUAGES.map((language, i) => [language, prepareLanguageIndex(language, files[i]!)]),
  ) as QuranSearch;
}
