// Reading the Quran by something other than a surah: a range of verses by key
// (/quran/verses), the mushaf divisions (/quran/juz|hizb|rub|page|ruku|manzil/{n}) and the
// sajda verses. Division records are precomputed bytes; verses are sliced like the surah
// pages. Decisions: apps/edge/README.md ("Quran reads").
import type { RouterContext } from '@koa/router';
import type { JsonPart } from '@ira/core/contract/envelope';
import { badRequest, notFound } from '@ira/core/contract/errors';
import { singleParam, valueOrThrow, wholeNumber } from '@ira/core/contract/params';
import type { VerseAudio } from '../audio/audio-links.ts';
import type { ContentAnswer, ContentEndpoint, ContentEndpoints } from '../content-response/content-answer.ts';
import type { DivisionType } from './divisions.ts';
import { MAX_PAGE_SIZE, paginate, parsePage, parseVerseId, valueOr400, verseNumber, verseOptions } from './params.ts';
import type { QuranContent } from './quran-content.ts';
import { QURAN_ATTRIBUTION } from './quran-routes.ts';
import type { PreparedVerse } from './surah-slices.ts';
import { versesAt, versesFrom } from './verse-range.ts';
import { carriesLinks, pushVerses, verseTranslations } from './verses.ts';

/** A range is at most one page of the surah endpoint's largest size. */
export const MAX_RANGE_VERSES = MAX_PAGE_SIZE;

interface SurahName {
  number: number;
  name: object;
}

export interface QuranReadsDeps {
  quran: QuranContent;
  audio: VerseAudio;
}

type Answer = (ctx: RouterContext, issuedMs: number) => Promise<ContentAnswer>;

const reads = (answer: Answer): ContentEndpoint => ({
  service: 'quran',
  keep: 'step',
  attribution: QURAN_ATTRIBUTION,
  answer: (ctx, { issuedMs }) => answer(ctx, issuedMs),
});

function rangeAnswer(deps: QuranReadsDeps): Answer {
  const { quran, audio } = deps;
  const surahNames = (JSON.parse(quran.surahList.toString('utf8')) as SurahName[]).map(({ number, name }) => ({
    number,
    name,
  }));
  return async function verseRange(ctx, issuedMs) {
    const { first, last } = rangeOr400(ctx, quran);
    const options = verseOptions(ctx, quran.reciters, quran.translations);
    const verses = await versesFrom(quran, first, last - first + 1);
    const translations = await verseTranslations(quran, options, verses);
    const range = {
      first_verse_key: keyOf(verses[0]!),
      last_verse_key: keyOf(verses.at(-1)!),
      verses_count: verses.length,
      surahs: spans(verses, surahNames),
    };
    const data: JsonPart[] = [`{"range":${JSON.stringify(range)},"verses":[`];
    pushVerses(data, verses, options, audio, issuedMs, translations);
    data.push(']}');
    return { data, hasLinks: carriesLinks(options) };
  };
}

function divisionAnswer({ quran, audio }: QuranReadsDeps, type: DivisionType): Answer {
  return async function divisionWithVerses(ctx, issuedMs) {
    const division = divisionOr4xx(quran, type, ctx.params.number!);
    const options = verseOptions(ctx, quran.reciters, quran.translations);
    const page = valueOr400(parsePage(ctx.query));
    const { start, end, ...pagination } = paginate(division.versesCount, page);
    const verses = await versesFrom(quran, division.firstVerse + start, end - start);
    const translations = await verseTranslations(quran, options, verses);
    const data: JsonPart[] = [
      '{"division":',
      division.record,
      `,"pagination":${JSON.stringify(pagination)},"verses":[`,
    ];
    pushVerses(data, verses, options, audio, issuedMs, translations);
    data.push(']}');
    return { data, hasLinks: carriesLinks(options) };
  };
}

function sajdaAnswer({ quran, audio }: QuranReadsDeps): Answer {
  const positions = quran.divisions.sajdas.map(({ surah, verse }) => verseNumber(quran.index, surah, verse));
  return async function sajdaVerses(ctx, issuedMs) {
    const options = verseOptions(ctx, quran.reciters, quran.translations);
    const verses = await versesAt(quran, positions);
    const translations = await verseTranslations(quran, options, verses);
    const data: JsonPart[] = ['['];
    pushVerses(data, verses, options, audio, issuedMs, translations);
    data.push(']');
    return { data, count: positions.length, hasLinks: carriesLinks(options) };
  };
}

export function createQuranReadsRoutes(deps: QuranReadsDeps): ContentEndpoints {
  const division = (type: DivisionType) => reads(divisionAnswer(deps, type));
  return {
    getVerseRange: reads(rangeAnswer(deps)),
    getJuz: division('juz'),
    getHizb: division('hizb'),
    getRub: division('rub'),
    getPage: division('page'),
    getRuku: division('ruku'),
    getManzil: division('manzil'),
    listSajdaVerses: reads(sajdaAnswer(deps)),
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

function rangeOr400(ctx: RouterContext, quran: QuranContent): { first: number; last: number } {
  const from = valueOrThrow(singleParam(ctx.query, 'from'), badRequest);
  if (from === undefined || from.trim() === '')
    throw badRequest('from is required: the first verse key of the range, e.g. from=2:255.');
  const first = positionOr400(quran, 'from', from.trim());
  const to = valueOrThrow(singleParam(ctx.query, 'to'), badRequest);
  const last = to === undefined ? first : positionOr400(quran, 'to', to.trim());
  if (last < first) throw badRequest(`to (${to}) comes before from (${from}); a range runs forward.`);
  if (last - first + 1 > MAX_RANGE_VERSES) {
    throw badRequest(`A range holds at most ${MAX_RANGE_VERSES} verses; ${from} to ${to} holds ${last - first + 1}.`);
  }
  return { first, last };
}

function divisionOr4xx(quran: QuranContent, type: DivisionType, raw: string) {
  const divisions = quran.divisions.byType[type];
  const number = wholeNumber(raw);
  if (number === null) throw badRequest(`number must be an integer from 1 to ${divisions.length}, got "${raw}".`);
  const division = divisions[number - 1];
  if (division === undefined)
    throw notFound(`${type} ${raw} not found; ${type} numbers run from 1 to ${divisions.length}.`);
  return division;
}
