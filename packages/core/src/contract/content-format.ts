// The format of the precomputed content tree (static-data/dist), written once and
// shared by the build that renders it (scripts/build-content) and the services that
// read it (the edge; calc reads the gazetteer). docs/content-format.md describes the files.

/** Text languages, in the fixed order verses carry them. */
export const TEXT_LANGUAGES = ['arabic', 'english', 'bengali'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];
/** The short codes `lang` takes for them on every endpoint (ISO 639-1, as /quran/search names them). */
export const TEXT_LANGUAGE_ALIASES: ReadonlyMap<string, TextLanguage> = new Map([
  ['ar', 'arabic'],
  ['en', 'english'],
  ['bn', 'bengali'],
]);
export type VerseText = Record<TextLanguage, string>;

export const RECITER_LANGUAGES = ['arabic', 'english', 'bengali'] as const;
export type ReciterLanguage = (typeof RECITER_LANGUAGES)[number];
export const RECITER_STYLES = ['murattal', 'mujawwad', 'translation'] as const;
export type ReciterStyle = (typeof RECITER_STYLES)[number];
/** Per-verse file name: 3-digit surah + 3-digit verse, e.g. 002255.mp3. */
export const AUDIO_LAYOUT = 'SSSVVV.mp3';

export type ReciterSourceLocation =
  | { type: 'remote'; base_url: string; layout: typeof AUDIO_LAYOUT }
  | { type: 'local'; dir: string; layout: typeof AUDIO_LAYOUT };

/** One reciter of quran/reciters.json (the public record is this minus `source`). */
export interface Reciter {
  id: string;
  name: string;
  language: ReciterLanguage;
  style: ReciterStyle;
  bitrate: number;
  source: ReciterSourceLocation;
}

/** One record of quran/surahs.json, also the `surah` of quran/surah/NNN.json. */
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
export const SAJDA_CLASSIFICATION = 'jafari';
export type Sajda = false | { type: 'recommended' | 'obligatory'; classification: typeof SAJDA_CLASSIFICATION };

/** A verse record without its text: the `base` slice of quran/surah/NNN.json. */
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

/** `[start, end)` bytes of quran/surah/NNN.json. */
export type ByteRange = [number, number];
/** Per verse: the base slice and one `"<lang>":"…"` pair per language. */
export type VerseOffsets = { base: ByteRange } & Record<TextLanguage, ByteRange>;
/** quran/surah/NNN.offsets.json. */
export interface SurahOffsets {
  verses: VerseOffsets[];
}

/** quran/verse-index.json: the global number of each surah's first verse. */
export interface VerseIndex {
  total: number;
  surahs: Array<{ number: number; verses: number; first: number }>;
}

/** The reading divisions of quran/divisions/<type>.json (sajda has a file of its own). */
export const DIVISION_TYPES = ['juz', 'hizb', 'rub', 'page', 'ruku', 'manzil'] as const;
export type DivisionType = (typeof DIVISION_TYPES)[number];

export interface ManifestEntry {
  sha256: string;
  bytes: number;
}

/** manifest.json: format version, each source with its version, each dataset's licence, every file's hash. */
export interface Manifest {
  schema: number;
  sources: Record<string, string>;
  /** Dataset (a key of `sources`) → its licence or terms, as README "Data sources and licences" states them. */
  licences: Record<string, string>;
  files: Record<string, ManifestEntry>;
}

/** places/places.json: the gazetteer calc searches (scripts/build-content/places/). */
export const PLACES_PATH = 'places/places.json';
export const PLACES_SCHEMA = 2;

/** A country's name in English, Arabic and Bengali (CLDR, through Intl.DisplayNames). */
export interface CountryNames {
  en: string;
  ar: string;
  bn: string;
}

/**
 * One place, as a tuple to keep the file and its parse small:
 * GeoNames id, name, ISO 3166-1 alpha-2 country, index into `regions` (-1: none),
 * latitude, longitude, index into `zones`, population, elevation in metres (null: none),
 * Arabic name, Bengali name (null: none known).
 */
export type PlaceRow = [
  id: number,
  name: string,
  country: string,
  region: number,
  latitude: number,
  longitude: number,
  zone: number,
  population: number,
  elevation: number | null,
  ar: string | null,
  bn: string | null,
];

/**
 * The search index, built by the content build so calc folds nothing at start: every spelling
 * of every place (its names and its other spellings in Latin, Arabic and Bengali script) folded
 * into a key (apps/calc/src/places/place-key.ts), each key once per place, sorted in code-unit
 * order (then by place row). Entry `i` is key `i` of `keys`, `places[i]` and `names[i]`.
 */
export interface PlaceSearchIndex {
  /** The keys joined by single spaces (a key holds no space). */
  keys: string;
  /** The row in `places` of each key's place. */
  places: number[];
  /** 1 where the key is one of the place's names (name, Arabic, Bengali), 0 for another spelling. */
  names: number[];
}

export interface PlacesFile {
  schema: typeof PLACES_SCHEMA;
  /** FOLD_VERSION (packages/core/src/text/fold.ts) the keys were folded with. */
  fold: number;
  /** ISO 3166-1 alpha-2 code → names, for every country a place is in. */
  countries: Record<string, CountryNames>;
  /** IANA zone names, each once; places refer to them by index. */
  zones: string[];
  /** First-order division names (GeoNames admin1), each once; places refer to them by index. */
  regions: string[];
  /** In GeoNames id order. */
  places: PlaceRow[];
  search: PlaceSearchIndex;
}
