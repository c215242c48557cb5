// Turns quran/surah/NNN.json + NNN.offsets.json into per-verse byte slices
// (format: static-data/dist contract). Slices share the file's buffer: no copies,
// and no parsing of verse text, ever.

import type { ByteRange, SurahOffsets, TextLanguage } from '@ira/core/contract/content-format';

export { TEXT_LANGUAGES, type TextLanguage } from '@ira/core/contract/content-format';

export interface PreparedVerse {
  id: string;
  /** The surah and verse numbers the id spells, kept as numbers for the routes that print them. */
  surah: number;
  verse: number;
  /** `{"id":…,"transliteration":"…"`: the verse object up to `,"text":`. */
  base: Buffer;
  /** Each `"<lang>":"…"` key/value pair. */
  text: Record<TextLanguage, Buffer>;
}

export interface PreparedSurah {
  number: number;
  /** The surah list record, as in quran/surahs.json. */
  record: Buffer;
  verses: PreparedVerse[];
  /** Size of the source files, for the cache's byte budget. */
  bytes: number;
}

const SURAH_PREFIX = Buffer.from('{"surah":');
const VERSES_KEY = Buffer.from(',"verses":[');

export function verseId(surah: number, verse: number): string {
  return `${String(surah).padStart(3, '0')}${String(verse).padStart(3, '0')}`;
}

export function prepareSurah(number: number, file: Buffer, offsetsFile: Buffer): PreparedSurah {
  const versesAt = file.indexOf(VERSES_KEY);
  if (!file.subarray(0, SURAH_PREFIX.length).equals(SURAH_PREFIX) || versesAt === -1) {
    throw new Error(`surah ${number}: file does not start with {"surah":…,"verses":[`);
  }
  const offsets = JSON.parse(offsetsFile.toString('utf8')) as SurahOffsets;
  const verses = offsets.verses.map((ranges, index) => {
    const id = verseId(number, index + 1);
    const base = slice(file, ranges.base);
    if (!base.toString('utf8', 0, 16).startsWith(`{"id":"${id}"`)) {
      throw new Error(`surah ${number}: offsets of verse ${index + 1} do not point at verse ${id}`);
    }
    const text = {
      arabic: slice(file, ranges.arabic),
      english: slice(file, ranges.english),
      bengali: slice(file, ranges.bengali),
    };
    return { id, surah: number, verse: index + 1, base, text };
  });
  return {
    number,
    record: file.subarray(SURAH_PREFIX.length, versesAt),
    verses,
    bytes: file.length + offsetsFile.length,
  };
}

function slice(file: Buffer, [start, end]: ByteRange): Buffer {
  if (!(start >= 0 && end > start && end <= file.length))
    throw new Error(`byte range [${start}, ${end}) is outside the file`);
  return file.subarray(start, end);
}
