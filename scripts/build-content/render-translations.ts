// Renders the translation editions into the tree, for the edge to load one edition's
// surah at a time with a bounded cache instead of ~100 editions in its heap:
// - quran/translations/editions.json: the public record of every edition, one per line,
//   as GET /quran/translations serves them;
// - quran/translations/<id>/NNN.json: one surah of one edition, `[\n"<verse 1>",\n"<verse 2>"\n]`,
//   a JSON string per line, so verse v is line v of the file and the edge slices it out
//   by newlines, without parsing, to write `{"id":"<id>","text":<line>}`.
import type { TranslationEdition } from './build-translations.ts';
import { jsonLines } from './json-lines.ts';

export const TRANSLATIONS_LIST_PATH = 'quran/translations/editions.json';

/** quran/translations/<id>/NNN.json */
export function translationSurahPath(id: string, surah: number): string {
  return `quran/translations/${id}/${String(surah).padStart(3, '0')}.json`;
}

/** The public record of GET /quran/translations, in the contract's key order. */
export function translationRecord(edition: TranslationEdition): string {
  const { entry, language } = edition;
  return JSON.stringify({
    id: entry.id,
    language: { code: language.code, name: language.name, native: language.native },
    name: edition.name,
    translator: edition.translator,
    direction: language.direction,
    default: edition.isDefault,
    source: { name: 'Tanzil', id: entry.id, version: entry.version },
    licence: entry.licence,
  });
}

/** One surah of one edition: a JSON string per line, verse v on line v. */
export function renderTranslationSurah(verses: readonly string[]): string {
  return jsonLines(verses.map((text) => JSON.stringify(text)));
}
