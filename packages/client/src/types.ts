// Names for the parameter and result types, taken from the types openapi-typescript
// generates from the API's OpenAPI document (src/schema.ts), so they follow the document.
import type { components, operations } from './schema.ts';

type Schemas = components['schemas'];

/** String enums also take any string: the API matches names case-insensitively and knows aliases. */
type LooseValue<V> = V extends readonly (infer E)[]
  ? (E | (string & {}))[] | string
  : V extends string
    ? string extends V
      ? V
      : V | (string & {})
    : V;
type Loose<T> = { [K in keyof T]: LooseValue<T[K]> };

/** The query parameters of an operation, as the document lists them. */
export type QueryOf<Op extends keyof operations> = Loose<NonNullable<operations[Op]['parameters']['query']>>;

export type PrayerTimeQuery = QueryOf<'getPrayerTimes'>;
export type PrayerCalendarQuery = QueryOf<'getPrayerCalendar'>;
export type NextPrayerQuery = QueryOf<'getNextPrayer'>;
export type PrayerCalendarFeedQuery = QueryOf<'getPrayerCalendarFeed'>;
export type QiblaQuery = QueryOf<'getQibla'>;
export type HijriQuery = QueryOf<'convertHijri'>;
export type HolidaysQuery = QueryOf<'listHijriHolidays'>;
export type NextHolidayQuery = QueryOf<'getNextHijriHoliday'>;
export type PlacesQuery = QueryOf<'searchPlaces'>;
export type NearestPlaceQuery = QueryOf<'getNearestPlace'>;
export type SearchNamesQuery = QueryOf<'searchNames'>;
export type SurahQuery = QueryOf<'getSurah'>;
export type VerseQuery = QueryOf<'getVerse'>;
export type RandomVerseQuery = QueryOf<'randomVerse'>;
export type VerseAudioQuery = QueryOf<'getVerseAudio'>;
export type VersesQuery = QueryOf<'getVerseRange'>;
export type DivisionQuery = QueryOf<'getJuz'>;
export type SajdaQuery = QueryOf<'listSajdaVerses'>;
export type SearchQuranQuery = QueryOf<'searchQuran'>;

export type PrayerTimeResult = Schemas['PrayerTimeResult'];
export type ApiIndex = operations['apiIndex']['responses'][200]['content']['application/json'];
export type PrayerCalendarResult = Schemas['PrayerCalendarResult'];
export type NextPrayerResult = Schemas['NextPrayerResult'];
export type QiblaResult = Schemas['QiblaResult'];
export type HijriConversion = Schemas['HijriConversion'];
export type HijriHolidays = Schemas['HijriHolidays'];
export type NextHijriHoliday = Schemas['NextHijriHoliday'];
export type Place = Schemas['Place'];
export type NearestPlace = Schemas['NearestPlace'];
export type Name = Schemas['Name'];
export type Surah = Schemas['Surah'];
export type Reciter = Schemas['Reciter'];
export type Verse = Schemas['Verse'];
export type TranslationEdition = Schemas['TranslationEdition'];
/** A page of a surah: the surah, its verses on this page and the paging. */
export type SurahPage = Schemas['SurahResponse']['data'];
/** A page of a juz, hizb, rub, mushaf page, ruku or manzil. */
export type DivisionPage = Schemas['DivisionResponse']['data'];
export type VerseRange = Schemas['VerseRangeResponse']['data'];
export type VerseAudioLinks = Schemas['VerseAudioResponse']['data'];
/** A page of search results with the query as understood and the paging. */
export type QuranSearchPage = Schemas['SearchResponse']['data'];
