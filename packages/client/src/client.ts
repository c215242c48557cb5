// IslamicReferenceApi: one method per operation of the OpenAPI document (src/endpoints.ts),
// each returning the resource itself whatever envelope or layout the API wraps it in.
// Path parameters come first, then the query object, then per-call options.
import type { OperationId } from './endpoints.ts';
import { type CallOptions, createTransport, type IslamicReferenceApiOptions, type Send } from './transport.ts';
import type * as T from './types.ts';

export type { CallOptions, IslamicReferenceApiOptions };

export class IslamicReferenceApi {
  readonly #send: Send;

  constructor(options: IslamicReferenceApiOptions) {
    this.#send = createTransport(options);
  }

  #get<R>(op: OperationId, path: (string | number)[], query?: object, options?: CallOptions): Promise<R> {
    return this.#send(op, path, query, options) as Promise<R>;
  }

  // Prayer times
  prayerTime(query: T.PrayerTimeQuery, options?: CallOptions): Promise<T.PrayerTimeResult> {
    return this.#get('getPrayerTimes', [], query, options);
  }
  prayerCalendar(query: T.PrayerCalendarQuery, options?: CallOptions): Promise<T.PrayerCalendarResult> {
    return this.#get('getPrayerCalendar', [], query, options);
  }
  nextPrayer(query: T.NextPrayerQuery, options?: CallOptions): Promise<T.NextPrayerResult> {
    return this.#get('getNextPrayer', [], query, options);
  }
  /** The iCalendar feed as text (`BEGIN:VCALENDAR…`). */
  prayerCalendarIcs(query: T.PrayerCalendarFeedQuery, options?: CallOptions): Promise<string> {
    return this.#get('getPrayerCalendarFeed', [], query, options);
  }

  // Qibla, Hijri dates and holidays
  qibla(query: T.QiblaQuery, options?: CallOptions): Promise<T.QiblaResult> {
    return this.#get('getQibla', [], query, options);
  }
  hijri(query?: T.HijriQuery, options?: CallOptions): Promise<T.HijriConversion> {
    return this.#get('convertHijri', [], query, options);
  }
  holidays(query?: T.HolidaysQuery, options?: CallOptions): Promise<T.HijriHolidays> {
    return this.#get('listHijriHolidays', [], query, options);
  }
  nextHoliday(query?: T.NextHolidayQuery, options?: CallOptions): Promise<T.NextHijriHoliday> {
    return this.#get('getNextHijriHoliday', [], query, options);
  }

  // Places
  places(query: T.PlacesQuery, options?: CallOptions): Promise<T.Place[]> {
    return this.#get('searchPlaces', [], query, options);
  }
  nearestPlace(query: T.NearestPlaceQuery, options?: CallOptions): Promise<T.NearestPlace> {
    return this.#get('getNearestPlace', [], query, options);
  }

  // The 99 Names
  names(options?: CallOptions): Promise<T.Name[]> {
    return this.#get('listNames', [], undefined, options);
  }
  name(number: number, options?: CallOptions): Promise<T.Name> {
    return this.#get('getName', [number], undefined, options);
  }
  randomName(options?: CallOptions): Promise<T.Name> {
    return this.#get('randomName', [], undefined, options);
  }
  searchNames(query: T.SearchNamesQuery, options?: CallOptions): Promise<T.Name[]> {
    return this.#get('searchNames', [], query, options);
  }
  /** Today's name (by the UTC day of the month), or the name for `day` (1–99) of the cycle. */
  dailyName(day?: number, options?: CallOptions): Promise<T.Name> {
    return day === undefined
      ? this.#get('dailyName', [], undefined, options)
      : this.#get('dailyNameForDay', [day], undefined, options);
  }

  // The Quran
  surahs(options?: CallOptions): Promise<T.Surah[]> {
    return this.#get('listSurahs', [], undefined, options);
  }
  surah(number: number, query?: T.SurahQuery, options?: CallOptions): Promise<T.SurahPage> {
    return this.#get('getSurah', [number], query, options);
  }
  reciters(options?: CallOptions): Promise<T.Reciter[]> {
    return this.#get('listReciters', [], undefined, options);
  }
  /** A verse by key (`'2:255'`) or 6-digit id (`'002255'`). */
  verse(id: string, query?: T.VerseQuery, options?: CallOptions): Promise<T.Verse> {
    return this.#get('getVerse', [id], query, options);
  }
  randomVerse(query?: T.RandomVerseQuery, options?: CallOptions): Promise<T.Verse> {
    return this.#get('randomVerse', [], query, options);
  }
  verseAudio(id: string, query?: T.VerseAudioQuery, options?: CallOptions): Promise<T.VerseAudioLinks> {
    return this.#get('getVerseAudio', [id], query, options);
  }
  verses(query: T.VersesQuery, options?: CallOptions): Promise<T.VerseRange> {
    return this.#get('getVerseRange', [], query, options);
  }
  juz(number: number, query?: T.DivisionQuery, options?: CallOptions): Promise<T.DivisionPage> {
    return this.#get('getJuz', [number], query, options);
  }
  hizb(number: number, query?: T.DivisionQuery, options?: CallOptions): Promise<T.DivisionPage> {
    return this.#get('getHizb', [number], query, options);
  }
  rub(number: number, query?: T.DivisionQuery, options?: CallOptions): Promise<T.DivisionPage> {
    return this.#get('getRub', [number], query, options);
  }
  page(number: number, query?: T.DivisionQuery, options?: CallOptions): Promise<T.DivisionPage> {
    return this.#get('getPage', [number], query, options);
  }
  ruku(number: number, query?: T.DivisionQuery, options?: CallOptions): Promise<T.DivisionPage> {
    return this.#get('getRuku', [number], query, options);
  }
  manzil(number: number, query?: T.DivisionQuery, options?: CallOptions): Promise<T.DivisionPage> {
    return this.#get('getManzil', [number], query, options);
  }
  /** The 15 verses of prostration. */
  sajda(query?: T.SajdaQuery, options?: CallOptions): Promise<T.Verse[]> {
    return this.#get('listSajdaVerses', [], query, options);
  }
  searchQuran(query: T.SearchQuranQuery, options?: CallOptions): Promise<T.QuranSearchPage> {
    return this.#get('searchQuran', [], query, options);
  }
  translations(options?: CallOptions): Promise<T.TranslationEdition[]> {
    return this.#get('listTranslations', [], undefined, options);
  }

  // The deployment (no key needed)
  /** Every endpoint of the deployment, with links to its OpenAPI document and docs. */
  index(options?: CallOptions): Promise<T.ApiIndex> {
    return this.#get('apiIndex', [], undefined, options);
  }
  /** The OpenAPI 3.1 document this SDK was generated from, as the deployment serves it. */
  openapi(options?: CallOptions): Promise<Record<string, unknown>> {
    return this.#get('openapi', [], undefined, options);
  }
  health(options?: CallOptions): Promise<{ status: 'ok' }> {
    return this.#get('health', [], undefined, options);
  }
  ready(options?: CallOptions): Promise<{ status: 'ready' }> {
    return this.#get('ready', [], undefined, options);
  }
}
