// The search indexes of the translation editions: each read and prepared the first time
// its edition is searched, and kept in a byte-bounded LRU, so searching ~100 editions never
// holds them all (one is ~1-6 MB prepared).
import { LRUCache } from 'lru-cache';
import type { ContentSource } from '@ira/core/runtime/content-source';
import { prepareTranslationIndex, type LanguageIndex } from './language-index.ts';

// About ten editions' indexes at once (1-4 MB each); searching another evicts the least recent.
const TRANSLATION_INDEX_CACHE_MAX_BYTES = 24 * 1024 * 1024;

export interface TranslationIndexes {
  /** The prepared index of a translation edition (an id of the editions list). */
  of(edition: string): Promise<LanguageIndex>;
}

export function createTranslationIndexes(source: ContentSource): TranslationIndexes {
  const cache = new LRUCache<string, LanguageIndex>({
    maxSize: TRANSLATION_INDEX_CACHE_MAX_BYTES,
    sizeCalculation: (index) => index.bytes,
    fetchMethod: async (edition) =>
      prepareTranslationIndex(edition, await source.read(`quran/search/translations/${edition}.json`)),
  });
  return {
    async of(edition) {
      const index = cache.get(edition) ?? (await cache.fetch(edition));
      if (index === undefined) throw new Error(`the search index of ${edition} could not be loaded`);
      return index;
    },
  };
}
