// GET /api/v1/quran/search: full-text search over one language of the Quran, best
// first, with where each verse matched. Folding rules: packages/core/src/text/words.ts;
// decisions: apps/edge/README.md ("Quran search").
import type { RouterContext } from '@koa/router';
import type { JsonPart } from '@ira/core/contract/envelope';
import { badRequest } from '@ira/core/contract/errors';
import { SEARCH_LANGUAGES, type SearchLanguage } from '@ira/core/text/words';
import type { ContentEndpoints } from '../../content-response/content-answer.ts';
import type { QuranContent } from '../quran-content.ts';
import type { PreparedVerse } from '../surah-slices.ts';
import { paginate, parsePage, parseSurahNumber, valueOr400 } from '../params.ts';
import { matchSpans, spansJson } from './highlight.ts';
import { parseQuery } from './query.ts';
import { rank } from './rank.ts';
import { versesAt } from '../verse-range.ts';
import { QURAN_ATTRIBUTION } from '../quran-routes.ts';

// Long enough for any verse-sized phrase; bounds the work one request can ask for.
export const MAX_QUERY_CHARS = 200;
const LANGUAGE_ALIASES: Record<string, SearchLanguage> = {
  ar: 'ar',
  arabic: 'ar',
  en: 'en',
  english: 'en',
  bn: 'bn',
  bengali: 'bn',
  translit: 'translit',
  transliteration: 'translit',
};
const ARABIC_SCRIPT = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff]/;
const BENGALI_SCRIPT = /[\u0980-\u09ff]/;
const TRANSLITERATION_KEY = Buffer.from('"transliteration":');
const TEXT_KEY_BYTES: Record<'ar' | 'en' | 'bn', [lang: 'arabic' | 'english' | 'bengali', keyBytes: number]> = {
  ar: ['arabic', Buffer.byteLength('"arabic":')],
  en: ['english', Buffer.byteLength('"english":')],
  bn: ['bengali', Buffer.byteLength('"bengali":')],
};

/** The searched text of a verse as JSON string bytes, sliced from the prepared verse. */
function textJson(verse: PreparedVerse, language: SearchLanguage): Buffer {
  if (language === 'translit')
    return verse.base.subarray(verse.base.lastIndexOf(TRANSLITERATION_KEY) + TRANSLITERATION_KEY.length);
  const [lang, keyBytes] = TEXT_KEY_BYTES[language];
  return verse.text[lang].subarray(keyBytes);
}

function firstValue(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw[0] : raw;
}

/** `lang` as given (short or long name), else guessed from the script of `q`. */
function searchLanguage(raw: string | undefined, q: string): SearchLanguage {
  if (raw === undefined) return ARABIC_SCRIPT.test(q) ? 'ar' : BENGALI_SCRIPT.test(q) ? 'bn' : 'en';
  const language = LANGUAGE_ALIASES[raw.trim().toLowerCase()];
  if (language === undefined)
    throw badRequest(
      `lang must be one of ${SEARCH_LANGUAGES.join(', ')} (or arabic, english, bengali, transliteration), got "${raw}".`,
    );
  return language;
}

function queryOr400(ctx: RouterContext): string {
  const q = firstValue(ctx.query.q);
  if (q === undefined || q.trim() === '')
    throw badRequest('q is required: the words to search for, e.g. q=mercy or q="Lord of the worlds".');
  if (q.length > MAX_QUERY_CHARS) throw badRequest(`q is at most ${MAX_QUERY_CHARS} characters, got ${q.length}.`);
  return q;
}

function surahRange(quran: QuranContent, raw: string | undefined): { first: number; last: number } | null {
  if (raw === undefined) return null;
  const parsed = parseSurahNumber(raw, quran.index.surahs.length);
  if ('error' in parsed)
    throw badRequest(`surah must be an integer from 1 to ${quran.index.surahs.length}, got "${raw}".`);
  const entry = quran.index.surahs[parsed.value - 1]!;
  return { first: entry.first - 1, last: entry.first + entry.verses - 2 };
}

export function createQuranSearchRoutes(deps: { quran: QuranContent }): ContentEndpoints {
  const { quran } = deps;
  return {
    searchQuran: { service: 'quran', keep: 'step', attribution: QURAN_ATTRIBUTION, answer: search },
  };

  async function search(ctx: RouterContext) {
    const q = queryOr400(ctx);
    const language = searchLanguage(firstValue(ctx.query.lang), q);
    const range = surahRange(quran, firstValue(ctx.query.surah));
    const page = valueOr400(parsePage(ctx.query.pageNumber, ctx.query.pageSize));
    const index = quran.search[language];
    const query = parseQuery(language, q);
    const needed = Math.min(page.pageNumber * page.pageSize, index.verseCount);
    const ranked =
      query.words.length === 0 ? { verses: [], words: [], phrases: [] } : rank(index, query, range, needed);
    const { start, end, pageNumber, pageSize, totalPages } = paginate(ranked.verses.length, page);
    const shown = ranked.verses.slice(start, end);
    const verses = await versesAt(
      quran,
      shown.map((v) => v + 1),
    );
    const pagination = { pageNumber, pageSize, totalResults: ranked.verses.length, totalPages };
    // Each string part runs from one verse's text to the next: strings and texts alternate.
    const out: JsonPart[] = [];
    let between = `{"query":${JSON.stringify({ q, lang: language })},"pagination":${JSON.stringify(pagination)},"results":[`;
    verses.forEach((verse, i) => {
      const text = textJson(verse, language);
      const spans = matchSpans(index, shown[i]!, ranked, () => JSON.parse(text.toString('utf8')) as string);
      out.push(
        `${between}${i > 0 ? ',' : ''}{"key":"${verse.surah}:${verse.verse}","id":"${verse.id}","surah":${verse.surah},"verse":${verse.verse},"text":`,
        text,
      );
      between = `,"matches":${spansJson(spans)}}`;
    });
    out.push(`${between}]}`);
    return { data: out, count: ranked.verses.length, hasLinks: false };
  }
}
