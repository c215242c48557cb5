// Shapes of the content sources; the records written to static-data/dist are the
// shared format in packages/core/src/contract/content-format.ts (docs/content-format.md).

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: string[] };

export interface NameTexts {
  transliteration: string;
  translation: string;
  meaning: string;
}

/** One record of static-data/source/names.json. */
export interface NameSource {
  number: number;
  name: string;
  arabic: string;
  en: NameTexts;
  bn: NameTexts;
}

export {
  AUDIO_LAYOUT,
  RECITER_LANGUAGES,
  RECITER_STYLES,
  SAJDA_CLASSIFICATION,
  TEXT_LANGUAGES,
  type Reciter,
  type ReciterSourceLocation,
  type Sajda,
  type SurahRecord,
  type VerseBase,
  type VerseText,
} from '@ira/core/contract/content-format';
import type { SurahRecord, VerseBase, VerseText } from '@ira/core/contract/content-format';

export interface QuranSurah {
  record: SurahRecord;
  verses: { base: VerseBase; text: VerseText }[];
}
