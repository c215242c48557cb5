// Query and path parameters of the Quran endpoints (docs/api-decisions.md "Quran"): pages,
// surah numbers, verse ids, and what every verse-returning route reads (`lang`, `reciter`,
// `audio`). The parsers return failures as values ({ error }) so the route decides the status.
import type { Context } from 'koa';
import { badRequest } from '@ira/core/contract/errors';
import {
  enumValue,
  integerParam,
  listParam,
  singleParam,
  valueOrThrow,
  wholeNumber,
  type Query,
} from '@ira/core/contract/params';
import { TEXT_LANGUAGE_ALIASES } from '@ira/core/contract/content-format';
import type { Reciter, VerseIndex } from './quran-content.ts';
import { TEXT_LANGUAGES, type TextLanguage } from './surah-slices.ts';
import type { TranslationContent } from './translations/translation-content.ts';

export type Parsed<T> = { value: T } | { error: string };

export const DEFAULT_PAGE_SIZE = 20;
// The longest surah (Al-Baqarah) has 286 verses, so one page can always hold a surah.
export const MAX_PAGE_SIZE = 300;
// Page numbers beyond this are nonsense; refusing them keeps the echo a plain integer.
const MAX_PAGE_NUMBER = 1_000_000;
const VERSE_ID = /^\d{6}$/;
// The usual "surah:verse" key (2:255), as the Quran Foundation API and most apps write it.
const VERSE_KEY = /^(\d{1,3}):(\d{1,3})$/;

/**
 * `lang=arabic,english` (or `ar,en`, comma list or repeated): one or more languages, canonical
 * order; all three when absent. The short codes are the ones /quran/search takes.
 */
export function parseLanguages(query: Query): Parsed<TextLanguage[]> {
  const asked = listParam(query, 'lang');
  if (asked === undefined) return { value: [...TEXT_LANGUAGES] };
  const found = asked.map((raw) => enumValue(raw, TEXT_LANGUAGES, TEXT_LANGUAGE_ALIASES));
  const unknown = asked.filter((_, i) => found[i] === null);
  if (unknown.length > 0 || asked.length === 0) {
    const codes = [...TEXT_LANGUAGE_ALIASES.keys()].join(', ');
    return {
      error:
        `lang must be one or more of ${TEXT_LANGUAGES.join(', ')} (or ${codes}; comma-separated), ` +
        `got "${unknown.join(',')}".`,
    };
  }
  return { value: TEXT_LANGUAGES.filter((lang) => found.includes(lang)) };
}

export interface PageRequest {
  pageNumber: number;
  pageSize: number;
}

export function parsePage(query: Query): Parsed<PageRequest> {
  const numberBounds = { min: 1, max: MAX_PAGE_NUMBER, message: 'pageNumber must be an integer of at least 1.' };
  const pageNumber = integerParam(query, 'pageNumber', numberBounds);
  if (!pageNumber.ok) return { error: pageNumber.message };
  const sizeBounds = { min: 1, max: MAX_PAGE_SIZE, message: `pageSize must be an integer from 1 to ${MAX_PAGE_SIZE}.` };
  const pageSize = integerParam(query, 'pageSize', sizeBounds);
  if (!pageSize.ok) return { error: pageSize.message };
  return { value: { pageNumber: pageNumber.value ?? 1, pageSize: pageSize.value ?? DEFAULT_PAGE_SIZE } };
}

export interface Page {
  pageNumber: number;
  pageSize: number;
  totalVerses: number;
  totalPages: number;
  /** Verse indexes [start, end) of this page; empty past the last page. */
  start: number;
  end: number;
}

export function paginate(totalVerses: number, { pageNumber, pageSize }: PageRequest): Page {
  const start = Math.min((pageNumber - 1) * pageSize, totalVerses);
  const end = Math.min(start + pageSize, totalVerses);
  return { pageNumber, pageSize, totalVerses, totalPages: Math.ceil(totalVerses / pageSize), start, end };
}

export type SurahNumber = { value: number } | { error: 'not-integer' | 'out-of-range' };

export function parseSurahNumber(raw: string, surahCount: number): SurahNumber {
  const number = wholeNumber(raw);
  if (number === null) return { error: 'not-integer' };
  return number >= 1 && number <= surahCount ? { value: number } : { error: 'out-of-range' };
}

export type VerseRef = { value: { surah: number; verse: number } } | { error: 'bad-shape' | 'not-found' };

/** SSSVVV or S:V → surah and verse, checked against the verse index. */
export function parseVerseId(raw: string, index: VerseIndex): VerseRef {
  const key = VERSE_KEY.exec(raw);
  if (!VERSE_ID.test(raw) && key === null) return { error: 'bad-shape' };
  const surah = Number(key === null ? raw.slice(0, 3) : key[1]);
  const verse = Number(key === null ? raw.slice(3) : key[2]);
  const entry = index.surahs[surah - 1];
  if (entry === undefined || verse < 1 || verse > entry.verses) return { error: 'not-found' };
  return { value: { surah, verse } };
}

/** The surah and verse of global verse number `n` (1..index.total). */
export function verseAt(index: VerseIndex, n: number): { surah: number; verse: number } {
  const { surahs } = index;
  if (!(n >= 1 && n <= index.total)) throw new RangeError(`no verse number ${n}`);
  // The last surah starting at or before n, by binary search: a search page looks up each
  // of its verses, and a scan from the end with a closure was a tenth of a search's time.
  let low = 0;
  let high = surahs.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (surahs[mid]!.first <= n) low = mid;
    else high = mid - 1;
  }
  const entry = surahs[low]!;
  return { surah: entry.number, verse: n - entry.first + 1 };
}

/** Position 1..6236 of a verse in the whole Quran. */
export function verseNumber(index: VerseIndex, surah: number, verse: number): number {
  return index.surahs[surah - 1]!.first + verse - 1;
}

/** `reciter` matches an id or a name, case-insensitively; null when none does. */
export function findReciter(reciters: readonly Reciter[], raw: string): Reciter | null {
  const wanted = raw.trim().toLowerCase();
  return reciters.find((r) => r.id.toLowerCase() === wanted || r.name.toLowerCase() === wanted) ?? null;
}

export const AUDIO_MODES = ['all', 'none'] as const;
// Ten translations of a surah page is already more text than any reader shows at once.
export const MAX_TRANSLATIONS = 10;
const TRANSLATIONS_LIST = 'GET /api/v1/quran/translations lists the editions';

export interface VerseOptions {
  languages: TextLanguage[];
  /** The reciters whose links to include; null when `audio=none`. */
  reciters: readonly Reciter[] | null;
  /** The translation editions asked for, in the order asked; empty without `translations`. */
  translations: readonly string[];
}

/**
 * `translations=id.indonesian,ur` (comma list or repeated): edition ids, or language codes for their default
 * editions, in the order asked, each once. An unknown one, none, or more than ten: 400.
 */
export function parseTranslations(query: Query, catalog: Pick<TranslationContent, 'find'>): Parsed<string[]> {
  const listed = listParam(query, 'translations');
  if (listed === undefined) return { value: [] };
  const asked = listed.map((value) => value.toLowerCase());
  if (asked.length === 0) return { error: `translations must name at least one edition: ${TRANSLATIONS_LIST}.` };
  const ids: string[] = [];
  for (const name of asked) {
    const edition = catalog.find(name);
    if (edition === undefined) {
      return {
        error:
          `translations names an unknown edition "${name}": ${TRANSLATIONS_LIST} ` +
          '(an id, or a language code for its default).',
      };
    }
    if (!ids.includes(edition.id)) ids.push(edition.id);
  }
  if (ids.length > MAX_TRANSLATIONS) {
    return { error: `translations takes at most ${MAX_TRANSLATIONS} editions, got ${ids.length}.` };
  }
  return { value: ids };
}

export function valueOr400<T>(parsed: Parsed<T>): T {
  if ('error' in parsed) throw badRequest(parsed.error);
  return parsed.value;
}

/** Every reciter, or those `reciter` names (comma list or repeated); an unknown or empty one is a 400. */
export function selectReciters(reciters: readonly Reciter[], query: Query): readonly Reciter[] {
  const wanted = listParam(query, 'reciter');
  if (wanted === undefined) return reciters;
  const selected = new Set<Reciter>();
  for (const name of wanted) {
    const reciter = findReciter(reciters, name);
    if (reciter === null) {
      throw badRequest(
        `reciter "${name}" is unknown: GET /api/v1/quran/reciters lists the available reciters (id or name).`,
      );
    }
    selected.add(reciter);
  }
  if (selected.size === 0) throw badRequest('reciter must name at least one reciter (id or name, comma-separated).');
  // Catalog order, whatever order they were asked in, so equal requests give equal bytes.
  return reciters.filter((reciter) => selected.has(reciter));
}

function parseAudioMode(query: Query): 'all' | 'none' {
  const raw = valueOrThrow(singleParam(query, 'audio'), badRequest);
  if (raw === undefined) return 'all';
  const mode = enumValue(raw, AUDIO_MODES);
  if (mode === null) throw badRequest(`audio must be one of ${AUDIO_MODES.join(', ')}, got "${raw}".`);
  return mode;
}

/** lang, reciter, audio and translations of a verse-returning request. A reciter is checked even with audio=none. */
export function verseOptions(
  ctx: Context,
  all: readonly Reciter[],
  catalog: Pick<TranslationContent, 'find'>,
): VerseOptions {
  const languages = valueOr400(parseLanguages(ctx.query));
  const reciters = selectReciters(all, ctx.query);
  const translations = valueOr400(parseTranslations(ctx.query, catalog));
  return { languages, reciters: parseAudioMode(ctx.query) === 'none' ? null : reciters, translations };
}
