// /api/v1/quran: surahs, one surah with paginated verses, reciters, verses and their audio
// (spec "Quran", docs/api-decisions.md). Each route returns its data
// (content-response/content-answer.ts).
import { randomInt } from 'node:crypto';
import type { RouterContext } from '@koa/router';
import type { JsonPart } from '@ira/core/contract/envelope';
import { badRequest, notFound } from '@ira/core/contract/errors';
import type { VerseAudio } from '../audio/audio-links.ts';
import type { MediaCatalog } from '../audio/media-catalog.ts';
import { reciterListOf } from '../audio/reciter-availability.ts';
import type { ContentEndpoint, ContentEndpoints, Keep } from '../content-response/content-answer.ts';
import {
  paginate,
  parsePage,
  parseSurahNumber,
  parseVerseId,
  selectReciters,
  valueOr400,
  verseAt,
  verseOptions,
} from './params.ts';
import type { QuranContent } from './quran-content.ts';
import { verseId } from './surah-slices.ts';
import { carriesLinks, pushVerses, verseTranslations } from './verses.ts';

const SERVICE = 'quran';
// Names the sources and their terms in every Quran response (README "Data sources and
// licences"): the translations are Tanzil's, for non-commercial use only.
export const QURAN_ATTRIBUTION =
  "Arabic: KFGQPC Uthmanic Hafs text via The Noble Qur'an Encyclopedia (quranenc.com). " +
  'English: Saheeh International; Bengali: Muhiuddin Khan; transliteration: tanzil.net; all three from ' +
  'tanzil.net (https://tanzil.net/trans/), for non-commercial use only. Positions: Tanzil Quran metadata ' +
  '(CC BY 3.0) via quran-meta. Texts via quran-json, with the corrections listed at /docs/guides/data-sources.';

// /quran/translations: the editions are Tanzil's, each with its own terms in its record.
const TRANSLATIONS_ATTRIBUTION =
  "Translations: Tanzil's translation editions (https://tanzil.net/trans/), each with its translator and version; " +
  'for non-commercial use only unless the translator or publisher permits otherwise.';

export interface QuranRouteDeps {
  quran: QuranContent;
  audio: VerseAudio;
  /** Local recordings present under MEDIA_DIR (for each reciter's `audio.available`). */
  media: MediaCatalog;
}

export function createQuranRoutes(deps: QuranRouteDeps): ContentEndpoints {
  const { quran, audio, media } = deps;
  const reciterList = reciterListOf(quran.reciters, media, quran.index.total);
  const quranEndpoint = (keep: Keep, answer: ContentEndpoint['answer']): ContentEndpoint => ({
    service: SERVICE,
    keep,
    attribution: QURAN_ATTRIBUTION,
    answer,
  });

  async function oneVerse(ctx: RouterContext, surah: number, verse: number, issuedMs: number) {
    const options = verseOptions(ctx, quran.reciters, quran.translations);
    const prepared = (await quran.surah(surah)).verses[verse - 1]!;
    const translations = await verseTranslations(quran, options, [prepared]);
    const data: JsonPart[] = [];
    pushVerses(data, [prepared], options, audio, issuedMs, translations);
    return { data, hasLinks: carriesLinks(options) };
  }

  return {
    listSurahs: quranEndpoint('step', () => ({
      data: quran.surahList,
      count: quran.index.surahs.length,
      hasLinks: false,
    })),
    getSurah: quranEndpoint('step', async (ctx, { issuedMs }) => {
      const number = surahNumberOr4xx(ctx.params.number!, quran.index.surahs.length);
      const options = verseOptions(ctx, quran.reciters, quran.translations);
      const pageRequest = valueOr400(parsePage(ctx.query));
      const surah = await quran.surah(number);
      const { start, end, ...pagination } = paginate(surah.verses.length, pageRequest);
      const verses = surah.verses.slice(start, end);
      const translations = await verseTranslations(quran, options, verses);
      const data: JsonPart[] = ['{"surah":', surah.record, `,"pagination":${JSON.stringify(pagination)},"verses":[`];
      pushVerses(data, verses, options, audio, issuedMs, translations);
      data.push(']}');
      return { data, hasLinks: carriesLinks(options) };
    }),
    listTranslations: {
      service: SERVICE,
      keep: 'step',
      attribution: TRANSLATIONS_ATTRIBUTION,
      answer: () => ({
        data: quran.translations.listJson,
        count: quran.translations.editions.length,
        hasLinks: false,
      }),
    },
    listReciters: quranEndpoint('step', () => ({
      data: reciterList(),
      count: quran.reciters.length,
      hasLinks: false,
    })),
    randomVerse: quranEndpoint('never', (ctx, { issuedMs }) => {
      const { surah, verse } = verseAt(quran.index, randomInt(1, quran.index.total + 1));
      return oneVerse(ctx, surah, verse, issuedMs);
    }),
    getVerse: quranEndpoint('step', (ctx, { issuedMs }) => {
      const { surah, verse } = verseRefOr4xx(ctx.params.id!, quran);
      return oneVerse(ctx, surah, verse, issuedMs);
    }),
    getVerseAudio: quranEndpoint('step', (ctx, { issuedMs }) => {
      const ref = verseRefOr4xx(ctx.params.id!, quran);
      const id = verseId(ref.surah, ref.verse);
      const reciters = selectReciters(quran.reciters, ctx.query);
      return {
        data: [`{"id":"${id}","audio":`, audio.json(reciters, id, issuedMs), '}'],
        hasLinks: reciters.length > 0,
      };
    }),
  };
}

function surahNumberOr4xx(raw: string, surahCount: number): number {
  const parsed = parseSurahNumber(raw, surahCount);
  if (!('error' in parsed)) return parsed.value;
  if (parsed.error === 'not-integer') {
    throw badRequest(`number must be an integer from 1 to ${surahCount}, got "${raw}".`);
  }
  throw notFound(`Surah ${raw} not found; surah numbers run from 1 to ${surahCount}.`);
}

export function verseRefOr4xx(raw: string, quran: QuranContent): { surah: number; verse: number } {
  const parsed = parseVerseId(raw, quran.index);
  if (!('error' in parsed)) return parsed.value;
  if (parsed.error === 'bad-shape') {
    throw badRequest(
      `id must be a verse key like 2:255, or 6 digits (3-digit surah, 3-digit verse) like 002255; got "${raw}".`,
    );
  }
  throw notFound(`Verse ${raw} not found.`);
}
