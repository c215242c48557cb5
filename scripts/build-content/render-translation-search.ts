// Renders one search index per translation edition, quran/search/translations/<id>.json,
// in the layout of the Arabic, English and Bengali indexes (render-search-index.ts): the
// folded vocabulary (sorted), `lengths` (tokens per verse, Quran order) and `tokens` (the
// vocabulary ids of every verse's tokens), both base64 of little-endian uint16; plus the
// fold the edition's script uses (packages/core/src/quran-search/translation-fold.ts),
// which the edge reads to fold a query the same way. The edge loads an index the first
// time its edition is searched, into a bounded cache.
import { TRANSLATION_FOLD_VERSION, tokenizeTranslation } from '@ira/core/text/translation-fold';
import { foldOf, type TranslationEdition } from './build-translations.ts';

export const TRANSLATION_SEARCH_SCHEMA = 1;
const UINT16_MAX = 0xffff;

/** quran/search/translations/<id>.json */
export function translationSearchPath(id: string): string {
  return `quran/search/translations/${id}.json`;
}

function uint16Base64(values: readonly number[]): string {
  const bytes = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => bytes.writeUInt16LE(value, i * 2));
  return bytes.toString('base64');
}

export function renderTranslationIndex(edition: TranslationEdition): string {
  const fold = foldOf(edition);
  const memo = new Map<string, string>(); // one edition's distinct words
  const words = edition.surahs.flatMap((verses) =>
    verses.map((text) => tokenizeTranslation(fold, text, memo).map((token) => token.folded)),
  );
  // Plain code-unit order, never locale-dependent, so the bytes are reproducible.
  const vocabulary = [...new Set(words.flat())].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const id = edition.entry.id;
  if (vocabulary.length > UINT16_MAX + 1)
    throw new Error(`search index ${id}: ${vocabulary.length} tokens do not fit uint16 ids`);
  const ids = new Map(vocabulary.map((word, i) => [word, i]));
  const lengths = uint16Base64(words.map((verseWords) => verseWords.length));
  const tokens = uint16Base64(words.flatMap((verseWords) => verseWords.map((word) => ids.get(word) as number)));
  const head =
    `{"schema":${TRANSLATION_SEARCH_SCHEMA},"fold":${TRANSLATION_FOLD_VERSION},` +
    `"tokenizer":"${fold}","edition":"${id}"`;
  return `${head},"vocabulary":${JSON.stringify(vocabulary)},\n"lengths":"${lengths}",\n"tokens":"${tokens}"}\n`;
}
