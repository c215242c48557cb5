// What the Postman collection checks beyond status, type, headers and schema
// (those come from the OpenAPI document): the key fields of each example
// answer, and one request per error the contract documents with its body
// (spec "Errors"). A path is read from the resource itself, the body with the
// layout's envelope taken off, as the SDK returns it.

/** A literal the field equals, or the type it has. */
export type Expected = string | number | boolean | { type: 'string' | 'number' | 'boolean' | 'array' | 'object' };

const isString = { type: 'string' } as const;
const isNumber = { type: 'number' } as const;
const isArray = { type: 'array' } as const;

const division = (type: string): Record<string, Expected> => ({
  'division.type': type,
  'division.number': 1,
  'division.first_verse_key': '1:1',
  verses: isArray,
});

/** Key fields of each operation's example answer, by operationId (every operation has an entry). */
export const KEY_FIELDS: Record<string, Record<string, Expected>> = {
  listNames: { length: 99, '0.number': 1, '0.name': 'Ar-Rahman' },
  randomName: { number: isNumber, name: isString },
  searchNames: { '0.number': 2, '0.name': 'Ar-Rahim' },
  dailyName: { number: isNumber, name: isString },
  dailyNameForDay: { number: 1, name: 'Ar-Rahman' },
  getName: { number: 1, name: 'Ar-Rahman', 'languages.en.translation': 'The Most Gracious' },
  listSurahs: { length: 114, '0.name.transliteration': 'Al-Fatihah', '113.number': 114 },
  getSurah: { 'surah.number': 1, 'surah.verses_count': 7, 'verses.length': 7 },
  listReciters: { '0.id': isString, '0.name': isString },
  randomVerse: { id: isString, surah: isNumber, verse: isNumber },
  getVerse: { id: '002255', surah: 2, verse: 255, 'text.arabic': isString },
  getVerseAudio: { id: '002255', audio: isArray },
  getVerseRange: { 'range.first_verse_key': '2:255', 'verses.0.id': '002255' },
  getJuz: division('juz'),
  getHizb: division('hizb'),
  getRub: division('rub'),
  getPage: division('page'),
  getRuku: division('ruku'),
  getManzil: division('manzil'),
  listSajdaVerses: { length: 15, '0.sajda.type': isString },
  searchQuran: { 'query.q': '"Lord of the worlds"', 'results.0.text': isString },
  listTranslations: { '0.id': isString, '0.language.code': isString },
  getPrayerTimes: { timezone: 'Asia/Karachi', 'times.fajr.local': isString, 'times.isha.utc': isString },
  getQibla: { compass_bearing: 267.74, qibla_direction: 'West', 'location.latitude': 24.8607 },
  getPrayerCalendar: { timezone: 'Asia/Karachi', 'days.length': 365, 'days.0.date': '2026-01-01' },
  getNextPrayer: { timezone: 'Asia/Karachi', 'next.name': isString, 'next.secondsUntil': isNumber },
  // The feed is iCalendar text: what it must contain.
  getPrayerCalendarFeed: {},
  convertHijri: { gregorian: '2026-03-20', 'hijri.date': '1447-10-01' },
  searchPlaces: { '0.name': 'Dhaka', '0.country.code': 'BD', '0.timezone': 'Asia/Dhaka' },
  getNearestPlace: { name: 'Dhaka', 'country.code': 'BD' },
  listHijriHolidays: { year: 1448, 'holidays.0.id': 'islamic-new-year' },
  getNextHijriHoliday: { 'holiday.id': isString, daysUntil: isNumber },
  // Audio is MP3 bytes: the collection checks the type and that bytes came.
  getNameAudio: {},
  getVerseAudioFile: {},
  health: { status: 'ok' },
  ready: { status: 'ready' },
  openapi: { openapi: '3.1.0', 'info.title': 'Islamic Reference API' },
  apiIndex: { name: 'Islamic Reference API', 'endpoints.0.path': isString, openapi: isString },
};

/** Text a non-JSON answer must contain, by operationId. */
export const TEXT_CONTAINS: Record<string, string[]> = {
  getPrayerCalendarFeed: ['BEGIN:VCALENDAR', 'X-WR-TIMEZONE:Asia/Karachi', 'BEGIN:VEVENT', 'END:VCALENDAR'],
};

export interface SignedLinkSource {
  /** The keyed path whose answer holds the link. */
  path: string;
  /** JavaScript reading the link from `resource` (that answer's resource). */
  pick: string;
  /** Matches the link; its groups go into the collection variables `variables`, in order. */
  pattern: string;
  variables: string[];
  /** The audio request's parameters, filled from those variables. */
  values: Record<string, string>;
}

/** Signed audio needs a fresh link (they expire): where each audio request takes its link from. */
export const SIGNED_LINKS: Record<string, SignedLinkSource> = {
  getNameAudio: {
    path: '/api/v1/asma-ul-husna/1',
    pick: 'resource.audio',
    pattern: '/asma-ul-husna/(\\d+)\\.mp3\\?expires=(\\d+)&signature=(\\w+)',
    variables: ['nameAudioNumber', 'nameAudioExpires', 'nameAudioSignature'],
    values: { number: '{{nameAudioNumber}}', expires: '{{nameAudioExpires}}', signature: '{{nameAudioSignature}}' },
  },
  getVerseAudioFile: {
    path: '/api/v1/quran/verse/002255/audio',
    pick: 'resource.audio[0] && resource.audio[0].url',
    pattern: '/quran/([^/]+)/(\\d{6})\\.mp3\\?expires=(\\d+)&signature=(\\w+)',
    variables: ['verseAudioReciter', 'verseAudioId', 'verseAudioExpires', 'verseAudioSignature'],
    values: {
      reciter: '{{verseAudioReciter}}',
      id: '{{verseAudioId}}',
      expires: '{{verseAudioExpires}}',
      signature: '{{verseAudioSignature}}',
    },
  },
};

export interface ErrorRequest {
  name: string;
  /** The operation called; its document gives the path and the response schema of `status`. */
  operationId: string;
  status: 400 | 401 | 404 | 429;
  /** Path variables and query replacing the example's; the key is left out for 401. */
  path?: Record<string, string>;
  query?: Record<string, string>;
  /** The exact body, or (429, whose numbers vary) the fields it must have. */
  body?: Record<string, unknown>;
  fields?: Record<string, Expected>;
}

/** One request per error of the contract's table (spec "Errors"), and the 429 of a spent key. */
export const ERROR_REQUESTS: ErrorRequest[] = [
  {
    name: '401 without a key',
    operationId: 'listSurahs',
    status: 401,
    body: { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' },
  },
  {
    name: '400 Qibla with a latitude that is not a number',
    operationId: 'getQibla',
    status: 400,
    query: { lat: 'north', lon: '67.0011' },
    body: { success: false, error: 'Bad Request', message: 'lat and lon are required and must be valid numbers.' },
  },
  {
    name: '400 prayer time with a latitude that is not a number',
    operationId: 'getPrayerTimes',
    status: 400,
    query: { lat: 'north', lon: '67.0011' },
    body: { error: 'lat and lon must be valid numeric coordinates' },
  },
  {
    name: '400 name search without q',
    operationId: 'searchNames',
    status: 400,
    query: {},
    body: { success: false, error: 'q query parameter is required' },
  },
  {
    name: '400 name number that is not an integer',
    operationId: 'getName',
    status: 400,
    path: { number: 'one' },
    body: { success: false, error: 'number must be a valid integer' },
  },
  {
    name: '404 name number not in the list',
    operationId: 'getName',
    status: 404,
    path: { number: '120' },
    body: { success: false, error: 'Name number 120 not found' },
  },
  {
    name: '429 once the key has spent its budget',
    operationId: 'getQibla',
    status: 429,
    fields: {
      success: false,
      error: 'Too Many Requests',
      message: { type: 'string' },
      'rateLimit.category': 'calculation',
      'rateLimit.remaining': 0,
    },
  },
];
