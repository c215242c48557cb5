// Every operation of the OpenAPI document the SDK calls: its path, the method that
// calls it and how its body is laid out (src/unwrap.ts turns each layout into the
// resource). A test checks this table against the document, so no operation is missed.

/**
 * How a success body holds the resource:
 * - `result`: the resource itself, inside `{ status, ok, url, data }` on a `wrapped` deployment;
 * - `envelope`: `{ success, service, data }`, the resource in `data` (also inside the wrapped layout);
 * - `text`: a text body (the iCalendar feed);
 * - `document`: JSON returned as it is (the OpenAPI document, health probes).
 */
export type BodyLayout = 'result' | 'envelope' | 'text' | 'document';

export interface Endpoint {
  /** The IslamicReferenceApi method that calls the operation. */
  method: string;
  path: string;
  layout: BodyLayout;
}

const V1 = '/api/v1';

export const ENDPOINTS = {
  getPrayerTimes: { method: 'prayerTime', path: `${V1}/prayer-time`, layout: 'result' },
  getPrayerCalendar: { method: 'prayerCalendar', path: `${V1}/prayer-time/calendar`, layout: 'result' },
  getNextPrayer: { method: 'nextPrayer', path: `${V1}/prayer-time/next`, layout: 'result' },
  getPrayerCalendarFeed: { method: 'prayerCalendarIcs', path: `${V1}/prayer-time/calendar.ics`, layout: 'text' },
  getQibla: { method: 'qibla', path: `${V1}/qibla`, layout: 'envelope' },
  convertHijri: { method: 'hijri', path: `${V1}/hijri`, layout: 'envelope' },
  listHijriHolidays: { method: 'holidays', path: `${V1}/hijri/holidays`, layout: 'envelope' },
  getNextHijriHoliday: { method: 'nextHoliday', path: `${V1}/hijri/holidays/next`, layout: 'envelope' },
  searchPlaces: { method: 'places', path: `${V1}/places`, layout: 'envelope' },
  getNearestPlace: { method: 'nearestPlace', path: `${V1}/places/nearest`, layout: 'envelope' },
  listNames: { method: 'names', path: `${V1}/asma-ul-husna`, layout: 'envelope' },
  getName: { method: 'name', path: `${V1}/asma-ul-husna/{number}`, layout: 'envelope' },
  randomName: { method: 'randomName', path: `${V1}/asma-ul-husna/random`, layout: 'envelope' },
  searchNames: { method: 'searchNames', path: `${V1}/asma-ul-husna/search`, layout: 'envelope' },
  dailyName: { method: 'dailyName', path: `${V1}/asma-ul-husna/daily`, layout: 'envelope' },
  dailyNameForDay: { method: 'dailyName', path: `${V1}/asma-ul-husna/daily/{day}`, layout: 'envelope' },
  listSurahs: { method: 'surahs', path: `${V1}/quran/surahs`, layout: 'envelope' },
  getSurah: { method: 'surah', path: `${V1}/quran/surah/{number}`, layout: 'envelope' },
  listReciters: { method: 'reciters', path: `${V1}/quran/reciters`, layout: 'envelope' },
  getVerse: { method: 'verse', path: `${V1}/quran/verse/{id}`, layout: 'envelope' },
  randomVerse: { method: 'randomVerse', path: `${V1}/quran/verse/random`, layout: 'envelope' },
  getVerseAudio: { method: 'verseAudio', path: `${V1}/quran/verse/{id}/audio`, layout: 'envelope' },
  getVerseRange: { method: 'verses', path: `${V1}/quran/verses`, layout: 'envelope' },
  getJuz: { method: 'juz', path: `${V1}/quran/juz/{number}`, layout: 'envelope' },
  getHizb: { method: 'hizb', path: `${V1}/quran/hizb/{number}`, layout: 'envelope' },
  getRub: { method: 'rub', path: `${V1}/quran/rub/{number}`, layout: 'envelope' },
  getPage: { method: 'page', path: `${V1}/quran/page/{number}`, layout: 'envelope' },
  getRuku: { method: 'ruku', path: `${V1}/quran/ruku/{number}`, layout: 'envelope' },
  getManzil: { method: 'manzil', path: `${V1}/quran/manzil/{number}`, layout: 'envelope' },
  listSajdaVerses: { method: 'sajda', path: `${V1}/quran/sajda`, layout: 'envelope' },
  searchQuran: { method: 'searchQuran', path: `${V1}/quran/search`, layout: 'envelope' },
  listTranslations: { method: 'translations', path: `${V1}/quran/translations`, layout: 'envelope' },
  apiIndex: { method: 'index', path: V1, layout: 'document' },
  openapi: { method: 'openapi', path: `${V1}/openapi.json`, layout: 'document' },
  health: { method: 'health', path: '/healthz', layout: 'document' },
  ready: { method: 'ready', path: '/readyz', layout: 'document' },
} as const satisfies Record<string, Endpoint>;

export type OperationId = keyof typeof ENDPOINTS;

/**
 * Operations the SDK leaves out on purpose: the audio files. Their links arrive signed
 * (`audio` fields of names and verses) and need no key: fetch them as they are.
 */
export const SIGNED_AUDIO_OPERATIONS = ['getNameAudio', 'getVerseAudioFile'] as const;
