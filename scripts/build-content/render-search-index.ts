// Renders the Quran full-text search index: quran/search/{ar,en,bn,translit}.json.
// Each holds the folded vocabulary (sorted, so ids are reproducible), `lengths` (the
// word count of each verse in Quran order) and `tokens` (the word ids of every verse in
// reading order), both base64 of little-endian uint16: the edge decodes them straight
// into typed arrays, with none of the garbage millions of small JSON numbers would make
// at start. It derives its postings from these and re-tokenises only the verses it
// returns, for highlighting.
// Folding rules: packages/core/src/text/words.ts (shared with the edge), versioned by FOLD_VERSION (fold.ts).
import { FOLD_VERSION } from '@ira/core/text/fold';
import { SEARCH_LANGUAGES, tokenize, type SearchLanguage } from '@ira/core/text/words';
import type { QuranSurah } from './content-types.ts';

export const SEARCH_INDEX_SCHEMA = 1;
const UINT16_MAX = 0xffff;

type Verse = QuranSurah['verses'][number];

const TEXT_OF: Record<SearchLanguage, (verse: Verse) => string> = {
  ar: (verse) => verse.text.arabic,
  en: (verse) => verse.text.english,
  bn: (verse) => verse.text.bengali,
  translit: (verse) => verse.base.transliteration,
};

function uint16Base64(values: readonly number[]): string {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => bytes.writeUInt16LE(value, i * 2));
  return bytes.toString('base64');
}

export function renderLanguageIndex(language: SearchLanguage, surahs: readonly QuranSurah[]): string {
  const words = surahs.flatMap(({ verses }) =>
    verses.map((verse) => tokenize(language, TEXT_OF[language](verse)).map((token) => token.folded)),
  );
  // Plain code-unit order, never locale-dependent, so the bytes are reproducible.
  const vocabulary = [...new Set(words.flat())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (vocabulary.length > UINT16_MAX + 1)
    throw new Error(`search index ${language}: ${vocabulary.length} words do not fit uint16 ids`);
  const ids = new Map(vocabulary.map((word, id) => [word, id]));
  const lengths = uint16Base64(words.map((verseWords) => verseWords.length));
  const tokens = uint16Base64(words.flatMap((verseWords) => verseWords.map((word) => ids.get(word)!)));
  return (
    `{"schema":${SEARCH_INDEX_SCHEMA},"fold":${FOLD_VERSION},"language":"${language}",` +
    `"vocabulary":${JSON.stringify(vocabulary)},\n"lengths":"${lengths}",\n"tokens":"${tokens}"}\n`
  );
}

export function renderSearchIndex(surahs: readonly QuranSurah[]): Map<string, string> {
  return new Map(
    SEARCH_LANGUAGES.map(
      (language) => [`quran/search/${language}.json`, renderLanguageIndex(language, surahs)] as const,
    ),
  );
}
