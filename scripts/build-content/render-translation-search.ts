// Renders one search index per translation edition, quran/search/translations/<id>.json,
// in the layout of the Arabic, English and Bengali indexes (render-search-index.ts): the
// folded vocabulary (sorted), `lengths` (tokens per verse, Quran order) and `tokens` (the
// vocabulary ids of every verse's tokens), both base64 of little-endian uint16; plus the
// fold the edition's script uses (packages/core/src/quran-search/translation-fold.ts),
// which the edge reads to fold a query the same way. The edge loads an index the first
// time its edition is searched, into a bounded cache.
import { TRANSLATION_FOLD_VERSION, translationWords } from '@ira/core/text/translation-fold';
import { foldOf, type TranslationEdition } from './build-translations.ts';

export const TRANSLATION_SEARCH_SCHEMA = 1;
const UINT16_MAX = 0xffff;

/** quran/search/translations/<id>.json */
export function translationSearchPath(id: string): string {
  return `quran/search/translations/${id}.json`;
}

/**
 * The folded tokens of every verse as ids in first-seen order, then renumbered in the vocabulary's
 * sorted order: one pass over the text and no array of all 16 million tokens' strings.
 */
export function renderTranslationIndex(edition: TranslationEdition): string {
  const fold = foldOf(edition);
  const memo = new Map<string, string>(); // one edition's distinct words → folded
  const firstSeen = new Map<string, number>();
  const words: string[] = [];
  const verses = edition.surahs.flat();
  const lengths = Buffer.alloc(verses.length * 2);
  const provisional: number[] = [];
  verses.forEach((text, v) => {
    const tokens = translationWords(fold, text, memo);
    for (const folded of tokens) {
      let id = firstSeen.get(folded);
      if (id === undefined) {
        id = words.length;
        words.push(folded);
        firstSeen.set(folded, id);
      }
      provisional.push(id);
    }
    lengths.writeUInt16LE(tokens.length, v * 2);
  });
  const id = edition.entry.id;
  if (words.length > UINT16_MAX + 1)
    throw new Error(`search index ${id}: ${words.length} tokens do not fit uint16 ids`);
  // Plain code-unit order, never locale-dependent, so the bytes are reproducible.
  const order = words.map((_, i) => i).sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : 0));
  const finalId = new Uint16Array(words.length);
  order.forEach((old, sorted) => (finalId[old] = sorted));
  const tokens = Buffer.alloc(provisional.length * 2);
  provisional.forEach((old, i) => tokens.writeUInt16LE(finalId[old]!, i * 2));
  const vocabulary = order.map((old) => words[old]);
  const head =
    `{"schema":${TRANSLATION_SEARCH_SCHEMA},"fold":${TRANSLATION_FOLD_VERSION},` +
    `"tokenizer":"${fold}","edition":"${id}"`;
  return (
    `${head},"vocabulary":${JSON.stringify(vocabulary)},\n` +
    `"lengths":"${lengths.toString('base64')}",\n"tokens":"${tokens.toString('base64')}"}\n`
  );
}
