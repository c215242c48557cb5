// Shapes of the content sources and of the records written to static-data/dist
// (format: the dist-format contract; record fields: docs/api-decisions.md "99 Names" and "Quran").

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

export const RECITER_LANGUAGES = ['arabic', 'english', 'bengali'] as const;
export type ReciterLanguage = (typeof RECITER_LANGUAGES)[number];
export const RECITER_STYLES = ['murattal', 'mujawwad', 'translation'] as const;
export type ReciterStyle = (typeof RECITER_STYLES)[number];
/** Per-verse file name: 3-digit surah + 3-digit verse, e.g. 002255.mp3. */
export const AUDIO_LAYOUT = 'SSSVVV.mp3';

export type ReciterSourceLocation =
  | { type: 'remote'; base_url: string; layout: typeof AUDIO_LAYOUT }
  | { type: 'local'; dir: string; layout: typeof AUDIO_LAYOUT };

/** One reciter as written to dist (the public record is this minus `source`). */
export interface Reciter {
  id: string;
  name: string;
  language: ReciterLanguage;
  style: ReciterStyle;
  bitrate: number;
  source: ReciterSourceLocation;
}

export const TEXT_LANGUAGES = ['arabic', 'english', 'bengali'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
export type VerseText = Record<TextLanguage, string>;

export interface SurahRecord {
  number: number;
  name: { arabic: string; transliteration: string; english: string; bengali: string };
  revelation_type: 'meccan' | 'medinan';
  verses_count: number;
  pages: { start: number; end: number };
  juz: { start: number; end: number };
}

/**
 * `type` as Tanzil's metadata (via quran-meta) classifies the verse of prostration, which
 * is the Ja'fari classification; `classification` says so in every record.
 */
export type Sajda = false | { type: 'recommended' | 'obligatory'; classification: typeof SAJDA_CLASSIFICATION };
export const SAJDA_CLASSIFICATION = 'jafari';

/** A verse record without its text: the `base` part of the dist format. */
export interface VerseBase {
  id: string;
  surah: number;
  verse: number;
  number: number;
  juz: number;
  hizb: number;
  rub_el_hizb: number;
  page: number;
  ruku: number;
  manzil: number;
  sajda: Sajda;
  transliteration: string;
}

export interface QuranSurah {
  record: SurahRecord;
  verses: { base: VerseBase; text: VerseText }[];
}
