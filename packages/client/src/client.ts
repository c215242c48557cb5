// IslamicReferenceApi: one method per operation of the OpenAPI document (src/endpoints.ts),
// each returning the resource itself whatever envelope or layout the API wraps it in.
// Path parameters come first, then the query object, then per-call options.
import type { OperationId } from './endpoints.ts';
import { type CallOptions, createTransport, type FetchLike, type Send } from './transport.ts';
import type * as T from './types.ts';

export interface IslamicReferenceApiOptions {
  /** The deployment's public URL, with or without `/api/v1`: `https://api.example.org`. */
  baseUrl: string;
  /** Sent as the `X-API-Key` header. Keep it server-side: a key is a secret. */
  apiKey?: string;
  /** Times a 429 or 503 answer is retried after its `Retry-After` (default 0: never). */
  retries?: number;
  /** A longer `Retry-After` is not waited for: the ApiError is thrown at once (default 60). */
  maxRetryWaitSeconds?: number;
  /** Replaces the global fetch (a test double, a proxy agent, an instrumented fetch). */
  fetch?: FetchLike;
  /** Extra headers sent with every request, e.g. a `User-Agent` naming your app. */
  headers?: Record<string, string>;
}

export type { CallOptions };

export class IslamicReferenceApi {
  readonly #send: Send;

  constructor(options: IslamicReferenceApiOptions) {
    this.#send = createTransport(options);
  }

  #get<R>(op: OperationId, path: (string | number)[], query?: object, options?: CallOptions): Promise<R> {
    return this.#send(op, path, query, options) as Promise<R>;
  }

  // Prayer times
  prayerTime(query: T.PrayerTimeQuery, options?: CallOptions) {
    return this.#get<T.PrayerTimeResult>('getPrayerTimes', [], query, options);
  }
  prayerCalendar(query: T.PrayerCalendarQuery, options?: CallOptions) {
    return this.#get<T.PrayerCalendarResult>('getPrayerCalendar', [], query, options);
  }
  nextPrayer(query: T.NextPrayerQuery, options?: CallOptions) {
    return this.#get<T.NextPrayerResult>('getNextPrayer', [], query, options);
  }
  /** The iCalendar feed as text (`BEGIN:VCALENDAR…`). */
  prayerCalendarIcs(query: T.PrayerCalendarFeedQuery, options?: CallOptions) {
    return this.#get<string>('getPrayerCalendarFeed', [], query, options);
  }

  // Qibla, Hijri dates and holidays
  qibla(query: T.QiblaQuery, options?: CallOptions) {
    return this.#get<T.QiblaResult>('getQibla', [], query, options);
  }
  hijri(query?: T.HijriQuery, options?: CallOptions) {
    return this.#get<T.HijriConversion>('convertHijri', [], query, options);
  }
  holidays(query?: T.HolidaysQuery, options?: CallOptions) {
    return this.#get<T.HijriHolidays>('listHijriHolidays', [], query, options);
  }
  nextHoliday(query?: T.NextHolidayQuery, options?: CallOptions) {
    return this.#get<T.NextHijriHoliday>('getNextHijriHoliday', [], query, options);
  }

  // Places
  places(query: T.PlacesQuery, options?: CallOptions) {
    return this.#get<T.Place[]>('searchPlaces', [], query, options);
  }
  nearestPlace(query: T.NearestPlaceQuery, options?: CallOptions) {
    return this.#get<T.NearestPlace>('getNearestPlace', [], query, options);
  }

  // The 99 Names
  names(options?: CallOptions) {
    return this.#get<T.Name[]>('listNames', [], undefined, options);
  }
  name(number: number, options?: CallOptions) {
    return this.#get<T.Name>('getName', [number], undefined, options);
  }
  randomName(options?: CallOptions) {
    return this.#get<T.Name>('randomName', [], undefined, options);
  }
  searchNames(query: T.SearchNamesQuery, options?: CallOptions) {
    return this.#get<T.Name[]>('searchNames', [], query, options);
  }
  /** Today's name (by the UTC day of the month), or the name for `day` (1–99) of the cycle. */
  dailyName(day?: number, options?: CallOptions) {
    return day === undefined
      ? this.#get<T.Name>('dailyName', [], undefined, options)
      : this.#get<T.Name>('dailyNameForDay', [day], undefined, options);
  }

  // The Quran
  surahs(options?: CallOptions) {
    return this.#get<T.Surah[]>('listSurahs', [], undefined, options);
  }
  surah(number: number, query?: T.SurahQuery, options?: CallOptions) {
    return this.#get<T.SurahPage>('getSurah', [number], query, options);
  }
  reciters(options?: CallOptions) {
    return this.#get<T.Reciter[]>('listReciters', [], undefined, options);
  }
  /** A verse by key (`'2:255'`) or 6-digit id (`'002255'`). */
  verse(id: string, query?: T.VerseQuery, options?: CallOptions) {
    return this.#get<T.Verse>('getVerse', [id], query, options);
  }
  randomVerse(query?: T.RandomVerseQuery, options?: CallOptions) {
    return this.#get<T.Verse>('randomVerse', [], query, options);
  }
  verseAudio(id: string, query?: T.VerseAudioQuery, options?: CallOptions) {
    return this.#get<T.VerseAudioLinks>('getVerseAudio', [id], query, options);
  }
  verses(query: T.VersesQuery, options?: CallOptions) {
    return this.#get<T.VerseRange>('getVerseRange', [], query, options);
  }
  juz(number: number, query?: T.DivisionQuery, options?: CallOptions) {
    return this.#get<T.DivisionPage>('getJuz', [number], query, options);
  }
  hizb(number: number, query?: T.DivisionQuery, options?: CallOptions) {
    return this.#get<T.DivisionPage>('getHizb', [number], query, options);
  }
  rub(number: number, query?: T.DivisionQuery, options?: CallOptions) {
    return this.#get<T.DivisionPage>('getRub', [number], query, options);
  }
  page(number: number, query?: T.DivisionQuery, options?: CallOptions) {
    return this.#get<T.DivisionPage>('getPage', [number], query, options);
  }
  ruku(number: number, query?: T.DivisionQuery, options?: CallOptions) {
    return this.#get<T.DivisionPage>('getRuku', [number], query, options);
  }
  manzil(number: number, query?: T.DivisionQuery, options?: CallOptions) {
    return this.#get<T.DivisionPage>('getManzil', [number], query, options);
  }
  /** The 15 verses of prostration. */
  sajda(query?: T.SajdaQuery, options?: CallOptions) {
    return this.#get<T.Verse[]>('listSajdaVerses', [], query, options);
  }
  searchQuran(query: T.SearchQuranQuery, options?: CallOptions) {
    return this.#get<T.QuranSearchPage>('searchQuran', [], query, options);
  }
  translations(options?: CallOptions) {
    return this.#get<T.TranslationEdition[]>('listTranslations', [], undefined, options);
  }

  // The deployment (no key needed)
  /** The OpenAPI 3.1 document this SDK was generated from, as the deployment serves it. */
  openapi(options?: CallOptions) {
    return this.#get<Record<string, unknown>>('openapi', [], undefined, options);
  }
  health(options?: CallOptions) {
    return this.#get<{ status: 'ok' }>('health', [], undefined, options);
  }
  ready(options?: CallOptions) {
    return this.#get<{ status: 'ready' }>('ready', [], undefined, options);
  }
}
