// Reading the Quran by something other than a surah: a range of verses by key
// (/quran/verses), the mushaf divisions (/quran/juz|hizb|rub|page|ruku|manzil/{n}) and
// the sajda verses. Division records are precomputed bytes; verses are sliced like the
// surah pages. Decisions: apps/edge/README.md ("Quran reads").
import type { Handlers } from '@ira/core/runtime/route-table';
import type { Context } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { badRequest, notFound } from '@ira/core/contract/errors';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import type { VerseAudio } from '../audio/audio-links.ts';
import { linksIssuedAt } from '../audio/url-signer.ts';
import type { DivisionType } from './divisions.ts';
import type { QuranContent } from './quran-content.ts';
import type { PreparedVerse } from './surah-slices.ts';
import { MAX_PAGE_SIZE, paginate, parsePage, parseVerseId, verseNumber } from './params.ts';
import { versesAt, versesFrom } from './verse-range.ts';
import { pushVerse, VERSE_SEPARATOR } from './verse-json.ts';
import { apiInfoJson, sendEnvelope } from '../content-response/envelope-response.ts';
import { QURAN_ATTRIBUTION } from './quran-routes.ts';
import { audioBytes, valueOr400, verseOptions, type VerseOptions } from './verse-options.ts';

const SERVICE = 'quran';
/** A range is at most one page of the surah endpoint's largest size. */
export const MAX_RANGE_VERSES = MAX_PAGE_SIZE;
const INTEGER = /^[+-]?\d+$/;

interface SurahName {
  number: number;
  name: object;
}

export interface QuranReadsDeps {
  quran: QuranContent;
  audio: VerseAudio;
}

type Handler = (ctx: Context) => Promise<void>;

/** Appends verses as the surah endpoint writes them, links issued once for the answer. */
function pushVerses(
  ctx: Context,
  audio: VerseAudio,
  out: Buffer[],
  verses: readonly PreparedVerse[],
  options: VerseOptions,
): void {
  const issuedMs = linksIssuedAt(ctx, audio.signer);
  verses.forEach((verse, i) => {
    if (i > 0) out.push(VERSE_SEPARATOR);
    pushVerse(out, verse, options.languages, audioBytes(audio, options, verse.id, issuedMs));
  });
}

function rangeHandler({ quran, audio }: QuranReadsDeps, info: string): Handler {
  const surahNames = (JSON.parse(quran.surahList.toString('utf8')) as SurahName[]).map(({ number, name }) => ({
    number,
    name,
  }));
  return async function verseRange(ctx) {
    const { first, last } = rangeOr400(ctx, quran);
    const options = verseOptions(ctx, quran.reciters);
    const verses = await versesFrom(quran, first, last - first + 1);
    const range = {
      first_verse_key: keyOf(verses[0]!),
      last_verse_key: keyOf(verses.at(-1)!),
      verses_count: verses.length,
      surahs: spans(verses, surahNames),
    };
    const out: Buffer[] = [Buffer.from(`{"range":${JSON.stringify(range)},"verses":[`)];
    pushVerses(ctx, audio, out, verses, options);
    out.push(Buffer.from(']}'));
    sendEnvelope(ctx, SERVICE, info, out);
  };
}

function divisionHandler({ quran, audio }: QuranReadsDeps, type: DivisionType, info: string): Handler {
  return async function divisionWithVerses(ctx) {
    const division = divisionOr4xx(quran, type, ctx.params.number!);
    const options = verseOptions(ctx, quran.reciters);
    const { start, end, ...pagination } = paginate(
      division.versesCount,
      valueOr400(parsePage(ctx.query.pageNumber, ctx.query.pageSize)),
    );
    const verses = await versesFrom(quran, division.firstVerse + start, end - start);
    const out: Buffer[] = [
      Buffer.from('{"division":'),
      division.record,
      Buffer.from(`,"pagination":${JSON.stringify(pagination)},"verses":[`),
    ];
    pushVerses(ctx, audio, out, verses, options);
    out.push(Buffer.from(']}'));
    sendEnvelope(ctx, SERVICE, info, out);
  };
}

function sajdaHandler({ quran, audio }: QuranReadsDeps, info: string): Handler {
  const positions = quran.divisions.sajdas.map(({ surah, verse }) => verseNumber(quran.index, surah, verse));
  return async function sajdaVerses(ctx) {
    const options = verseOptions(ctx, quran.reciters);
    const out: Buffer[] = [Buffer.from('[')];
    pushVerses(ctx, audio, out, await versesAt(quran, positions), options);
    out.push(Buffer.from(']'));
    sendEnvelope(ctx, SERVICE, info, out, positions.length);
  };
}

export function createQuranReadsRoutes(config: Pick<Config, 'portalUrl'>, deps: QuranReadsDeps): Handlers {
  const info = (path: string): string => apiInfoJson(config, usageOf(`/api/v1/quran${path}`), QURAN_ATTRIBUTION);
  const division = (type: DivisionType) => divisionHandler(deps, type, info(`/${type}/{number}`));
  return {
    getVerseRange: rangeHandler(deps, info('/verses')),
    getJuz: division('juz'),
    getHizb: division('hizb'),
    getRub: division('rub'),
    getPage: division('page'),
    getRuku: division('ruku'),
    getManzil: division('manzil'),
    listSajdaVerses: sajdaHandler(deps, info('/sajda')),
  };
}

const keyOf = (verse: PreparedVerse): string => `${verse.surah}:${verse.verse}`;

function spans(verses: readonly PreparedVerse[], names: readonly SurahName[]): object[] {
  const out: Array<SurahName & { verses: { start: number; end: number } }> = [];
  for (const verse of verses) {
    const last = out.at(-1);
    if (last?.number === verse.surah) last.verses.end = verse.verse;
    else out.push({ ...names[verse.surah - 1]!, verses: { start: verse.verse, end: verse.verse } });
  }
  return out;
}

function firstValue(raw: string | string[] | undefined): string | undefined {
  return Array.isArray(raw) ? raw[0] : raw;
}

function positionOr400(quran: QuranContent, name: 'from' | 'to', raw: string): number {
  const parsed = parseVerseId(raw, quran.index);
  if ('error' in parsed && parsed.error === 'bad-shape') {
    throw badRequest(`${name} must be a verse key like 2:255 (or 002255), got "${raw}".`);
  }
  if ('error' in parsed)
    throw badRequest(
      `${name} ${raw} is not a verse of the Quran (114 surahs; surah verse counts at /api/v1/quran/surahs).`,
    );
  return verseNumber(quran.index, parsed.value.surah, parsed.value.verse);
}

function rangeOr400(ctx: Context, quran: QuranContent): { first: number; last: number } {
  const from = firstValue(ctx.query.from);
  if (from === undefined || from.trim() === '')
    throw badRequest('from is required: the first verse key of the range, e.g. from=2:255.');
  const first = positionOr400(quran, 'from', from.trim());
  const to = firstValue(ctx.query.to);
  const last = to === undefined ? first : positionOr400(quran, 'to', to.trim());
  if (last < first) throw badRequest(`to (${to}) comes before from (${from}); a range runs forward.`);
  if (last - first + 1 > MAX_RANGE_VERSES) {
    throw badRequest(`A range holds at most ${MAX_RANGE_VERSES} verses; ${from} to ${to} holds ${last - first + 1}.`);
  }
  return { first, last };
}

function divisionOr4xx(quran: QuranContent, type: DivisionType, raw: string) {
  const divisions = quran.divisions.byType[type];
  if (!INTEGER.test(raw)) throw badRequest(`number must be an integer from 1 to ${divisions.length}, got "${raw}".`);
  const division = divisions[Number(raw) - 1];
  if (division === undefined)
    throw notFound(`${type} ${raw} not found; ${type} numbers run from 1 to ${divisions.length}.`);
  return division;
}
