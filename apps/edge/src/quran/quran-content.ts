// The Quran part of the content tree, loaded and prepared once at start. Surahs
// are held in a byte-bounded LRU (all fit by default); an evicted one is re-read
// from the source and verified again on its next request.
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { loadQuranSearch, type QuranSearch } from './search/quran-search.ts';
import { createTranslationIndexes, type TranslationIndexes } from './search/translation-indexes.ts';
import { loadDivisions, type QuranDivisions } from './divisions.ts';
import { prepareSurah, type PreparedSurah } from './surah-slices.ts';
import { loadTranslations, type TranslationContent } from './translations/translation-content.ts';
import type { ContentSource } from '@ira/core/runtime/content-source';

// The whole prepared Quran (three languages + transliteration) is about 10 MiB.
const SURAH_CACHE_MAX_BYTES = 64 * 1024 * 1024;
export const SURAH_COUNT = 114;

import type { Reciter, VerseIndex } from '@ira/core/contract/content-format';

export type { Reciter, VerseIndex } from '@ira/core/contract/content-format';

export interface QuranContent {
  /** quran/surahs.json as built: the `data` of /quran/surahs. */
  surahList: Buffer;
  index: VerseIndex;
  reciters: readonly Reciter[];
  surah(number: number): Promise<PreparedSurah>;
  divisions: QuranDivisions;
  search: QuranSearch;
  /** The translation editions: their list, and each edition's surahs read on first use. */
  translations: TranslationContent;
  /** Each translation edition's search index, read on its first search. */
  translationSearch: TranslationIndexes;
  /** Short hash of the content manifest: changes whenever any file of the tree does (HTTP validators). */
  treeVersion: string;
}

const TREE_VERSION_HEX_CHARS = 16;

export async function loadQuran(source: ContentSource): Promise<QuranContent> {
  const [surahList, indexBytes, recitersBytes] = await Promise.all(
    ['quran/surahs.json', 'quran/verse-index.json', 'quran/reciters.json'].map((file) => source.read(file)),
  );
  const index = JSON.parse(indexBytes!.toString('utf8')) as VerseIndex;
  const reciters = JSON.parse(recitersBytes!.toString('utf8')) as Reciter[];
  const cache = new LRUCache<number, PreparedSurah>({
    maxSize: SURAH_CACHE_MAX_BYTES,
    sizeCalculation: (surah) => surah.bytes,
    fetchMethod: (number) => readSurah(source, number),
  });
  const numbers = Array.from({ length: SURAH_COUNT }, (_, i) => i + 1);
  // Preparing everything now makes a broken tree fail at start, not on a request.
  await Promise.all(numbers.map((number) => cache.fetch(number)));
  const [divisions, search, translations] = await Promise.all([
    loadDivisions(source, index),
    loadQuranSearch(source),
    loadTranslations(source, index),
  ]);
  const treeVersion = createHash('sha256')
    .update(JSON.stringify(source.manifest.files))
    .digest('hex')
    .slice(0, TREE_VERSION_HEX_CHARS);
  return {
    divisions,
    search,
    translations,
    translationSearch: createTranslationIndexes(source),
    treeVersion,
    surahList: surahList!,
    index,
    reciters,
    async surah(number) {
      const surah = cache.get(number) ?? (await cache.fetch(number));
      if (surah === undefined) throw new Error(`surah ${number} could not be loaded`);
      return surah;
    },
  };
}

async function readSurah(source: ContentSource, number: number): Promise<PreparedSurah> {
  const name = `quran/surah/${String(number).padStart(3, '0')}`;
  const [file, offsets] = await Promise.all([source.read(`${name}.json`), source.read(`${name}.offsets.json`)]);
  return prepareSurah(number, file, offsets);
}
