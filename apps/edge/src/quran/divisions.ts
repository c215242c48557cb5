// The reading divisions (juz, hizb, rub, page, ruku, manzil) and the sajda verses,
// from quran/divisions/*.json (rendered by scripts/build-content/render-divisions.ts).
// Each record's bytes are sliced out of its line once at start and served as they are.
import { DIVISION_TYPES, type DivisionType, type VerseIndex } from '@ira/core/contract/content-format';
import type { ContentSource } from '@ira/core/runtime/content-source';

export type { DivisionType } from '@ira/core/contract/content-format';

export interface Division {
  number: number;
  /** Position (1..6236) of the first verse and how many verses follow. */
  firstVerse: number;
  versesCount: number;
  /** The record as built: `{"type":…,"number":…,"first_verse_key":…,…,"surahs":[…]}`. */
  record: Buffer;
}

export interface Sajda {
  surah: number;
  verse: number;
}

export interface QuranDivisions {
  byType: Record<DivisionType, readonly Division[]>;
  sajdas: readonly Sajda[];
}

/** The elements of a one-element-per-line JSON array, as byte slices of `file`. */
export function jsonLineElements(file: Buffer): Buffer[] {
  const elements: Buffer[] = [];
  let start = file.indexOf(0x0a) + 1; // after "[\n"
  while (start > 0 && start < file.length) {
    const newline = file.indexOf(0x0a, start);
    if (newline === -1) break; // the closing "]"
    const end = file[newline - 1] === 0x2c ? newline - 1 : newline; // drop the "," separator
    elements.push(file.subarray(start, end));
    start = newline + 1;
  }
  return elements;
}

function keyToRef(key: string): Sajda {
  const [surah, verse] = key.split(':').map(Number) as [number, number];
  return { surah, verse };
}

function prepareDivisions(type: DivisionType, file: Buffer, index: VerseIndex): Division[] {
  return jsonLineElements(file).map((record, i) => {
    const parsed = JSON.parse(record.toString('utf8')) as {
      type: string;
      number: number;
      first_verse_key: string;
      verses_count: number;
    };
    if (parsed.type !== type || parsed.number !== i + 1)
      throw new Error(`quran/divisions/${type}.json: record ${i + 1} is ${parsed.type} ${parsed.number}`);
    const first = keyToRef(parsed.first_verse_key);
    return {
      number: parsed.number,
      firstVerse: index.surahs[first.surah - 1]!.first + first.verse - 1,
      versesCount: parsed.verses_count,
      record,
    };
  });
}

export async function loadDivisions(source: ContentSource, index: VerseIndex): Promise<QuranDivisions> {
  const files = await Promise.all(DIVISION_TYPES.map((type) => source.read(`quran/divisions/${type}.json`)));
  const byType = Object.fromEntries(
    DIVISION_TYPES.map((type, i) => [type, prepareDivisions(type, files[i]!, index)]),
  ) as unknown as QuranDivisions['byType'];
  const sajdaFile = await source.read('quran/divisions/sajda.json');
  const sajdas = jsonLineElements(sajdaFile).map((line) =>
    keyToRef((JSON.parse(line.toString('utf8')) as { verse_key: string }).verse_key),
  );
  return { byType, sajdas };
}
