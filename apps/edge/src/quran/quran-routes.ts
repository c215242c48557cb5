// /api/v1/quran: surahs, one surah with paginated verses, reciters, verses and
// their audio (spec "Quran", docs/api-decisions.md). /verse/random is registered before
// /verse/{id} so it wins.
import { randomInt } from 'node:crypto';
import type { Handlers } from '@ira/core/runtime/route-table';
import type { Context } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { badRequest, notFound } from '@ira/core/contract/errors';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import type { VerseAudio } from '../audio/audio-links.ts';
import type { MediaCatalog } from '../audio/media-catalog.ts';
import { reciterListOf } from '../audio/reciter-availability.ts';
import { linksIssuedAt } from '../audio/url-signer.ts';
import type { QuranContent } from './quran-content.ts';
import { paginate, parsePage, parseSurahNumber, parseVerseId, verseAt } from './params.ts';
import { verseId } from './surah-slices.ts';
import { pushVerse, surahPageJson, VERSE_SEPARATOR, verseJson } from './verse-json.ts';
import { apiInfoJson, sendEnvelope } from '../content-response/envelope-response.ts';
import { audioBytes, selectReciters, valueOr400, verseOptions } from './verse-options.ts';

const SERVICE = 'quran';
// Names the sources and their terms in every Quran response (README "Data sources and
// licences"): the translations are Tanzil's, for non-commercial use only.
export const QURAN_ATTRIBUTION =
  "Arabic: KFGQPC Uthmanic Hafs text via The Noble Qur'an Encyclopedia (quranenc.com). " +
  'English: Saheeh International; Bengali: Muhiuddin Khan; transliteration: tanzil.net; all three from tanzil.net ' +
  '(https://tanzil.net/trans/), for non-commercial use only. Positions: Tanzil Quran metadata (CC BY 3.0) via quran-meta. ' +
  'Texts via quran-json, with the corrections listed at /docs/guides/data-sources.';

export interface QuranRouteDeps {
  quran: QuranContent;
  audio: VerseAudio;
  /** Local recordings present under MEDIA_DIR (for each reciter's `audio.available`). */
  media: MediaCatalog;
}

export function createQuranRoutes(config: Pick<Config, 'portalUrl'>, deps: QuranRouteDeps): Handlers {
  const { quran, audio, media } = deps;
  // Usage templates come from the endpoint table (the OpenAPI document).
  const info = (path: string): string => apiInfoJson(config, usageOf(`/api/v1/quran${path}`), QURAN_ATTRIBUTION);
  const surahsInfo = info('/surahs');
  const surahInfo = info('/surah/{number}');
  const recitersInfo = info('/reciters');
  const verseInfo = info('/verse/{id}');
  const verseAudioInfo = info('/verse/{id}/audio');
  const randomInfo = info('/verse/random');
  const reciterList = reciterListOf(quran.reciters, media, quran.index.total);

  async function sendVerse(ctx: Context, usageInfo: string, surah: number, verse: number): Promise<void> {
    const options = verseOptions(ctx, quran.reciters);
    const prepared = (await quran.surah(surah)).verses[verse - 1]!;
    sendEnvelope(
      ctx,
      SERVICE,
      usageInfo,
      verseJson(prepared, options.languages, audioBytes(audio, options, prepared.id, linksIssuedAt(ctx, audio.signer))),
    );
  }

  return {
    listSurahs: function listSurahs(ctx) {
      sendEnvelope(ctx, SERVICE, surahsInfo, quran.surahList, quran.index.surahs.length);
    },
    getSurah: async function surahWithVerses(ctx) {
      const number = surahNumberOr4xx(ctx.params.number!, quran.index.surahs.length);
      const options = verseOptions(ctx, quran.reciters);
      const pageRequest = valueOr400(parsePage(ctx.query.pageNumber, ctx.query.pageSize));
      const surah = await quran.surah(number);
      const { start, end, ...pagination } = paginate(surah.verses.length, pageRequest);
      const issuedMs = linksIssuedAt(ctx, audio.signer);
      const data = surahPageJson(surah.record, pagination, (out) => {
        for (let i = start; i < end; i++) {
          if (i > start) out.push(VERSE_SEPARATOR);
          const verse = surah.verses[i]!;
          pushVerse(out, verse, options.languages, audioBytes(audio, options, verse.id, issuedMs));
        }
      });
      sendEnvelope(ctx, SERVICE, surahInfo, data);
    },
    listReciters: function listReciters(ctx) {
      sendEnvelope(ctx, SERVICE, recitersInfo, reciterList(), quran.reciters.length);
    },
    randomVerse: async function randomVerse(ctx) {
      const { surah, verse } = verseAt(quran.index, randomInt(1, quran.index.total + 1));
      await sendVerse(ctx, randomInfo, surah, verse);
    },
    getVerse: async function verseById(ctx) {
      const { surah, verse } = verseRefOr4xx(ctx.params.id!, quran);
      await sendVerse(ctx, verseInfo, surah, verse);
    },
    getVerseAudio: function verseAudio(ctx) {
      const ref = verseRefOr4xx(ctx.params.id!, quran);
      const id = verseId(ref.surah, ref.verse);
      const reciters = selectReciters(quran.reciters, ctx.query.reciter);
      sendEnvelope(
        ctx,
        SERVICE,
        verseAudioInfo,
        Buffer.concat([
          Buffer.from(`{"id":"${id}","audio":`),
          audio.json(reciters, id, linksIssuedAt(ctx, audio.signer)),
          Buffer.from('}'),
        ]),
      );
    },
  };
}

function surahNumberOr4xx(raw: string, surahCount: number): number {
  const parsed = parseSurahNumber(raw, surahCount);
  if (!('error' in parsed)) return parsed.value;
  if (parsed.error === 'not-integer')
    throw badRequest(`number must be an integer from 1 to ${surahCount}, got "${raw}".`);
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
