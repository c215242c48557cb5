// Verses as routes answer them: each verse's slices (surah-slices.ts) in the verse JSON
// (@ira/core/contract/verse-json), with the text languages, translations and audio links a
// request asks for, the links issued at the moment the content response chose.
import type { JsonPart } from '@ira/core/contract/envelope';
import { pushVerseJson, VERSE_JSON_COMMA, type VerseTranslationJson } from '@ira/core/contract/verse-json';
import type { VerseAudio } from '../audio/audio-links.ts';
import type { VerseOptions } from './params.ts';
import type { QuranContent } from './quran-content.ts';
import type { PreparedVerse } from './surah-slices.ts';

/** Each verse's translations as `options` asks for them (read on first use); null when it asks for none. */
export async function verseTranslations(
  quran: Pick<QuranContent, 'translations'>,
  options: VerseOptions,
  verses: readonly PreparedVerse[],
): Promise<VerseTranslationJson[][] | null> {
  return options.translations.length === 0 ? null : quran.translations.forVerses(options.translations, verses);
}

/** Appends the verses, comma-separated, to `out`; `translations[i]` are verse i's (verseTranslations). */
export function pushVerses(
  out: JsonPart[],
  verses: readonly PreparedVerse[],
  options: VerseOptions,
  audio: VerseAudio,
  issuedMs: number,
  translations: readonly VerseTranslationJson[][] | null = null,
): void {
  verses.forEach((verse, i) => {
    if (i > 0) out.push(VERSE_JSON_COMMA);
    pushVerseJson(out, {
      base: verse.base,
      text: options.languages.map((language) => verse.text[language]),
      translations: translations === null ? null : translations[i]!,
      audio: options.reciters === null ? null : audio.json(options.reciters, verse.id, issuedMs),
    });
  });
}

/** Whether verses answered with these options carry signed links. */
export function carriesLinks(options: VerseOptions): boolean {
  return options.reciters !== null && options.reciters.length > 0;
}
