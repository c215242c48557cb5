// GET /api/v1/quran/search: full-text search over one language of the Quran, or one
// translation edition, best first, with where each verse matched. Folding rules:
// packages/core/src/text/words.ts and translation-fold.ts; decisions: apps/edge/README.md
// ("Quran search").
import type { RouterContext } from '@koa/router';
import type { JsonPart } from '@ira/core/contract/envelope';
import { badRequest } from '@ira/core/contract/errors';
import { singleParam, valueOrThrow } from '@ira/core/contract/params';
import { hasControlCharacter } from '@ira/core/text/unprintable';
import { SEARCH_LANGUAGES, type SearchLanguage } from '@ira/core/text/words';
import type { ContentEndpoints } from '../../content-response/content-answer.ts';
import type { QuranContent } from '../quran-content.ts';
import type { PreparedVerse } from '../surah-slices.ts';
import type { TranslationEdition } from '../translations/translation-content.ts';
import type { LanguageIndex } from './language-index.ts';
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

const single = (ctx: RouterContext, name: string): string | undefined =>
  valueOrThrow(singleParam(ctx.query, name), badRequest);

/** What a search searches: a text every verse carries, or a translation edition. */
type Target = { language: SearchLanguage; edition?: undefined } | { edition: TranslationEdition; language?: undefined };

const TRANSLATIONS_LIST = 'GET /api/v1/quran/translations lists the editions and their language codes';

/**
 * `translation` (an edition, or a language code for its default), else `lang` (ar, en, bn, translit, their long
 * names, or a translation language code), else the language guessed from the script of `q`.
 */
function searchTarget(
  quran: QuranContent,
  lang: string | undefined,
  translation: string | undefined,
  q: string,
): Target {
  if (translation !== undefined) {
    if (lang !== undefined) throw badRequest('Give lang or translation, not both: translation names the edition.');
    const edition = quran.translations.find(translation.trim().toLowerCase());
    if (edition === undefined) throw badRequest(`Unknown translation "${translation}": ${TRANSLATIONS_LIST}.`);
    return { edition };
  }
  if (lang === undefined) return { language: ARABIC_SCRIPT.test(q) ? 'ar' : BENGALI_SCRIPT.test(q) ? 'bn' : 'en' };
  const name = lang.trim().toLowerCase();
  const language = LANGUAGE_ALIASES[name];
  if (language !== undefined) return { language };
  const edition = quran.translations.editions.find((e) => e.language.code === name && e.default);
  if (edition !== undefined) return { edition };
  throw badRequest(
    `lang must be one of ${SEARCH_LANGUAGES.join(', ')} (or arabic, english, bengali, transliteration), ` +
      `or a translation's language code, got "${lang}": ${TRANSLATIONS_LIST}.`,
  );
}

/** The searched text of each verse as JSON string bytes, and the index searched. */
async function searched(quran: QuranContent, target: Target): Promise<{ index: LanguageIndex; texts: Texts }> {
  if (target.language !== undefined) {
    const language = target.language;
    return { index: quran.search[language], texts: async (verses) => verses.map((v) => textJson(v, language)) };
  }
  const id = target.edition.id;
  const texts: Texts = async (verses) => (await quran.translations.forVerses([id], verses)).map((t) => t[0]!.text);
  return { index: await quran.translationSearch.of(id), texts };
}

type Texts = (verses: readonly PreparedVerse[]) => Promise<JsonPart[]>;

function queryJson(q: string, target: Target): string {
  if (target.language !== undefined) return JSON.stringify({ q, lang: target.language });
  return JSON.stringify({ q, lang: target.edition.language.code, translation: target.edition.id });
}

function queryOr400(ctx: RouterContext): string {
  const q = single(ctx, 'q');
  if (q === undefined || q.trim() === '')
    throw badRequest('q is required: the words to search for, e.g. q=mercy or q="Lord of the worlds".');
  if (q.length > MAX_QUERY_CHARS) throw badRequest(`q is at most ${MAX_QUERY_CHARS} characters, got ${q.length}.`);
  if (hasControlCharacter(q)) throw badRequest('q must not hold control characters (such as NUL or a line break).');
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
    const target = searchTarget(quran, single(ctx, 'lang'), single(ctx, 'translation'), q);
    const range = surahRange(quran, single(ctx, 'surah'));
    const page = valueOr400(parsePage(ctx.query));
    const { index, texts } = await searched(quran, target);
    const query = parseQuery(index, q);
    const needed = Math.min(page.pageNumber * page.pageSize, index.verseCount);
    const ranked =
      query.words.length === 0 ? { verses: [], words: [], phrases: [] } : rank(index, query, range, needed);
    const { start, end, pageNumber, pageSize, totalPages } = paginate(ranked.verses.length, page);
    const shown = ranked.verses.slice(start, end);
    const verses = await versesAt(
      quran,
      shown.map((v) => v + 1),
    );
    const verseTexts = await texts(verses);
    const pagination = { pageNumber, pageSize, totalResults: ranked.verses.length, totalPages };
    // Each string part runs from one verse's text to the next: strings and texts alternate.
    const out: JsonPart[] = [];
    let between = `{"query":${queryJson(q, target)},"pagination":${JSON.stringify(pagination)},"results":[`;
    verses.forEach((verse, i) => {
      const text = verseTexts[i]!;
      const spans = matchSpans(index, shown[i]!, ranked, () => JSON.parse(text.toString()) as string);
      out.push(
        `${between}${i > 0 ? ',' : ''}{"key":"${verse.surah}:${verse.verse}",` +
          `"id":"${verse.id}","surah":${verse.surah},"verse":${verse.verse},"text":`,
        text,
      );
      between = `,"matches":${spansJson(spans)}}`;
    });
    out.push(`${between}]}`);
    return { data: out, count: ranked.verses.length, hasLinks: false };
  }
}
