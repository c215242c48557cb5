// Verses as routes answer them: each verse's slices (surah-slices.ts) in the verse JSON
// (@ira/core/contract/verse-json), with the text languages and audio links a request asks
// for, the links issued at the moment the content response chose.
import type { JsonPart } from '@ira/core/contract/envelope';
import { pushVerseJson, VERSE_JSON_COMMA } from '@ira/core/contract/verse-json';
import type { VerseAudio } from '../audio/audio-links.ts';
import type { VerseOptions } from './params.ts';
import type { PreparedVerse } from './surah-slices.ts';

/** Appends the verses, comma-separated, to `out`. */
export function pushVerses(
  out: JsonPart[],
  verses: readonly PreparedVerse[],
  options: VerseOptions,
  audio: VerseAudio,
  issuedMs: number,
): void {
  verses.forEach((verse, i) => {
    if (i > 0) out.push(VERSE_JSON_COMMA);
    pushVerseJson(out, {
      base: verse.base,
      text: options.languages.map((language) => verse.text[language]),
      audio: options.reciters === null ? null : audio.json(options.reciters, verse.id, issuedMs),
    });
  });
}

/** Whether verses answered with these options carry signed links. */
export function carriesLinks(options: VerseOptions): boolean {
  return options.reciters !== null && options.reciters.length > 0;
}
