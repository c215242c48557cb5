// Renders the Quran part of the tree: quran/surahs.json, quran/surah/NNN.json with its
// NNN.offsets.json byte ranges, quran/verse-index.json and quran/reciters.json.
import { TEXT_LANGUAGES, type QuranSurah, type Reciter } from './content-types.ts';
import { jsonLines } from './json-lines.ts';

import type { ByteRange, VerseOffsets } from '@ira/core/contract/content-format';
import { STORED_VERSE_CLOSE, VERSE_JSON_COMMA, VERSE_TEXT_OPEN } from '@ira/core/contract/verse-json';

/** Byte range [start, end) into NNN.json; end exclusive. */
export type { ByteRange, VerseOffsets } from '@ira/core/contract/content-format';

// One verse a line in the file.
const VERSE_SEPARATOR = `${VERSE_JSON_COMMA}\n`;

/**
 * Writes the surah document piece by piece (the verse JSON of contract/verse-json.ts),
 * tracking UTF-8 byte positions so the edge can rebuild any verse from slices, without parsing.
 */
export function renderSurah(surah: QuranSurah): { json: string; offsets: string } {
  const pieces: string[] = [];
  let at = 0;
  const push = (piece: string): ByteRange => {
    const start = at;
    pieces.push(piece);
    at += Buffer.byteLength(piece);
    return [start, at];
  };
  push(`{"surah":${JSON.stringify(surah.record)},"verses":[\n`);
  const offsets = surah.verses.map((verse, index): VerseOffsets => {
    if (index > 0) push(VERSE_SEPARATOR);
    // The base is the verse object without its closing brace: `{"id":…,"transliteration":"…"`.
    const base = push(JSON.stringify(verse.base).slice(0, -1));
    push(VERSE_TEXT_OPEN);
    const ranges = TEXT_LANGUAGES.map((language, i) => {
      if (i > 0) push(VERSE_JSON_COMMA);
      return push(`${JSON.stringify(language)}:${JSON.stringify(verse.text[language])}`);
    });
    push(STORED_VERSE_CLOSE);
    const [arabic, english, bengali] = ranges as [ByteRange, ByteRange, ByteRange];
    return { base, arabic, english, bengali };
  });
  push('\n]}');
  return { json: pieces.join(''), offsets: JSON.stringify({ verses: offsets }) };
}

function verseIndex(surahs: readonly QuranSurah[]): string {
  const entries = surahs.map((surah) => ({
    number: surah.record.number,
    verses: surah.verses.length,
    first: surah.verses[0]?.base.number,
  }));
  const total = surahs.reduce((sum, surah) => sum + surah.verses.length, 0);
  return JSON.stringify({ total, surahs: entries });
}

/** Relative path → file text for every Quran file except the reciters catalog. */
export function renderQuran(surahs: readonly QuranSurah[]): Map<string, string> {
  const files = new Map<string, string>();
  files.set('quran/surahs.json', jsonLines(surahs.map((surah) => JSON.stringify(surah.record))));
  for (const surah of surahs) {
    const name = `quran/surah/${String(surah.record.number).padStart(3, '0')}`;
    const { json, offsets } = renderSurah(surah);
    files.set(`${name}.json`, json);
    files.set(`${name}.offsets.json`, offsets);
  }
  files.set('quran/verse-index.json', verseIndex(surahs));
  return files;
}

/** quran/reciters.json: the catalog with sources (the edge drops `source` publicly). */
export function renderReciters(reciters: readonly Reciter[]): string {
  return jsonLines(reciters.map((reciter) => JSON.stringify(reciter)));
}
