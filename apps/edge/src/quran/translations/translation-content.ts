// The translation editions of the content tree (docs/content-format.md): the list is read
// at start; an edition's surah (quran/translations/<id>/NNN.json, a JSON string per verse,
// one per line) is read on first use and kept in a byte-bounded LRU, so the edge never
// holds ~100 editions: a verse's text is a slice of its line, never parsed or copied.
import { LRUCache } from 'lru-cache';
import { translationPrefix, type VerseTranslationJson } from '@ira/core/contract/verse-json';
import type { ContentSource } from '@ira/core/runtime/content-source';
import type { VerseIndex } from '@ira/core/contract/content-format';

export const TRANSLATIONS_LIST_PATH = 'quran/translations/editions.json';
// Surah files of any editions: ~1,200 of the average 13 KB, or every surah of ten editions.
const TRANSLATION_CACHE_MAX_BYTES = 16 * 1024 * 1024;
const LINE_BREAK = 0x0a;
const QUOTE = 0x22;

/** A record of quran/translations/editions.json (the public one of /quran/translations). */
export interface TranslationEdition {
  id: string;
  language: { code: string; name: string; native: string };
  direction: 'ltr' | 'rtl';
  default: boolean;
}

export interface TranslationContent {
  /** quran/translations/editions.json as built: the `data` of /quran/translations. */
  listJson: Buffer;
  editions: readonly TranslationEdition[];
  /** Edition id, or a language code for its default edition → the edition; undefined when neither. */
  find(idOrLanguage: string): TranslationEdition | undefined;
  /** The translations of each verse (surah, verse), in the order of `ids`. */
  forVerses(ids: readonly string[], verses: readonly VerseRef[]): Promise<VerseTranslationJson[][]>;
}

interface VerseRef {
  surah: number;
  verse: number;
}

/** One surah of one edition: each verse's JSON string, a slice of the file. */
interface TranslationSurah {
  verses: Buffer[];
  bytes: number;
}

/** Verse v (0-based) is line v + 1 of `[\n"…",\n"…"\n]`, without its trailing comma. */
export function sliceTranslationSurah(path: string, file: Buffer, verseCount: number): TranslationSurah {
  const verses: Buffer[] = [];
  let start = file.indexOf(LINE_BREAK) + 1;
  while (verses.length < verseCount && start > 0) {
    const end = file.indexOf(LINE_BREAK, start);
    if (end === -1) break;
    const line = file.subarray(start, file[end - 1] === 0x2c ? end - 1 : end);
    if (line[0] !== QUOTE || line[line.length - 1] !== QUOTE)
      throw new Error(`${path}: line ${verses.length + 2} is not a JSON string`);
    verses.push(line);
    start = end + 1;
  }
  if (verses.length !== verseCount || file.subarray(start).toString() !== ']') {
    throw new Error(`${path}: expected ${verseCount} verses, one per line`);
  }
  return { verses, bytes: file.length };
}

export async function loadTranslations(source: ContentSource, index: VerseIndex): Promise<TranslationContent> {
  const listJson = await source.read(TRANSLATIONS_LIST_PATH);
  const editions = JSON.parse(listJson.toString('utf8')) as TranslationEdition[];
  const byId = new Map(editions.map((edition) => [edition.id, edition]));
  const byLanguage = new Map(editions.filter((e) => e.default).map((edition) => [edition.language.code, edition]));
  const prefixes = new Map(editions.map((edition) => [edition.id, Buffer.from(translationPrefix(edition.id))]));
  const cache = new LRUCache<string, TranslationSurah, { id: string; surah: number }>({
    maxSize: TRANSLATION_CACHE_MAX_BYTES,
    sizeCalculation: (surah) => surah.bytes,
    fetchMethod: async (key, _stale, { context }) => {
      const path = `quran/translations/${context.id}/${String(context.surah).padStart(3, '0')}.json`;
      return sliceTranslationSurah(path, await source.read(path), index.surahs[context.surah - 1]!.verses);
    },
  });
  const surahOf = async (id: string, surah: number): Promise<TranslationSurah> => {
    const key = `${id}/${surah}`;
    const cached = cache.get(key) ?? (await cache.fetch(key, { context: { id, surah } }));
    if (cached === undefined) throw new Error(`translation ${key} could not be loaded`);
    return cached;
  };
  return {
    listJson,
    editions,
    find: (raw) => byId.get(raw) ?? byLanguage.get(raw),
    async forVerses(ids, verses) {
      // Each edition's surahs once, however many of the verses they hold; read side by side.
      const wanted = new Map<string, { id: string; surah: number }>();
      for (const id of ids) for (const { surah } of verses) wanted.set(`${id}/${surah}`, { id, surah });
      const loaded = await Promise.all([...wanted.values()].map(({ id, surah }) => surahOf(id, surah)));
      const surahs = new Map([...wanted.keys()].map((key, i) => [key, loaded[i]!]));
      return verses.map(({ surah, verse }) =>
        ids.map((id) => ({ prefix: prefixes.get(id)!, text: surahs.get(`${id}/${surah}`)!.verses[verse - 1]! })),
      );
    },
  };
}
