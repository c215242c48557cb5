// 99 Names and Quran operations (spec "99 Names", "Quran"; docs/api-decisions.md).
import { errorResponse, keyedGet, pathParam, queryParam, takesNoParameters } from './operation.ts';
import { translations } from './translation-paths.ts';
import { TEXT_LANGUAGE_ALIASES, TEXT_LANGUAGES } from '../content-format.ts';
import { RECITER_IDS } from '../reciter-ids.ts';
import type { Schema } from './schemas.ts';

const NAMES = '99 Names';
const QURAN = 'Quran';
const BASE = '/api/v1';

const nameNumber = pathParam('number', { type: 'integer', minimum: 1, maximum: 99 }, 'Name number, 1 to 99.');
const namesBadRequest = errorResponse(
  'NamesError',
  'Not an integer, e.g. `{ "success": false, "error": "number must be a valid integer" }`.',
);
const namesNotFound = errorResponse(
  'NamesError',
  'No such name, e.g. `{ "success": false, "error": "Name number 120 not found" }`.',
);

const LANG_VALUES = [...TEXT_LANGUAGES, ...TEXT_LANGUAGE_ALIASES.keys()];
/** A comma list of `values`: the parameter stays a string (as clients send it), its items an enum. */
const commaListOf = (values: readonly string[]): string => `^(${values.join('|')})(,(${values.join('|')}))*$`;

export const lang = queryParam(
  'lang',
  // Every value is an example, so the generated tests (openapi-fuzz.ts) send each.
  { type: 'string', pattern: commaListOf(LANG_VALUES), examples: [...LANG_VALUES, 'arabic,bengali'] },
  'Verse text languages: `arabic`, `english`, `bengali` or their codes `ar`, `en`, `bn` (as on /quran/search), ' +
    'case-insensitive; one or a comma list. Default: all three. Unknown or empty: 400.',
);
export const reciter = queryParam(
  'reciter',
  { type: 'string', pattern: commaListOf(RECITER_IDS), examples: [...RECITER_IDS, 'alafasy,ghamdi'] },
  "Restricts audio to these reciters: one id or a comma list (case-insensitive; the reciter's name from " +
    '/api/v1/quran/reciters is accepted too). Unknown or empty: 400.',
);
export const audio = queryParam(
  'audio',
  { type: 'string', enum: ['all', 'none'], default: 'all' },
  '`none` leaves `audio` out of every verse (a much smaller body: ' +
    'see the Quran reading guide). A `reciter` is still checked.',
);
export const pageNumber = queryParam(
  'pageNumber',
  { type: 'integer', minimum: 1, default: 1 },
  'Page of verses, from 1.',
);
export const pageSize = queryParam(
  'pageSize',
  { type: 'integer', minimum: 1, maximum: 300, default: 20 },
  'Verses per page, 1 to 300.',
);
const verseId = pathParam(
  'id',
  { type: 'string', pattern: '^(\\d{6}|\\d{1,3}:\\d{1,3})$', examples: ['2:255', '002255'] },
  'Verse key `surah:verse` (`2:255`) or 6-digit id (`002255`).',
);
const badRequest = errorResponse('BadRequest', 'A parameter is malformed; `message` says which and what is accepted.');
const notFound = errorResponse('NotFound', 'No such surah or verse.');

export const namesPaths: Record<string, Schema> = {
  [`${BASE}/asma-ul-husna`]: keyedGet({
    operationId: 'listNames',
    tag: NAMES,
    category: 'general',
    service: 'edge',
    body: 'NameList',
    summary: 'All 99 names',
    description: 'The full list in order, `count` 99.',
    usage: 'GET /api/v1/asma-ul-husna?api_key=YOUR_API_KEY',
    errors: takesNoParameters('NamesError'),
  }),
  [`${BASE}/asma-ul-husna/random`]: keyedGet({
    operationId: 'randomName',
    tag: NAMES,
    category: 'general',
    service: 'edge',
    body: 'NameResponse',
    summary: 'A random name',
    description: 'One name picked at random on each call.',
    usage: 'GET /api/v1/asma-ul-husna/random?api_key=YOUR_API_KEY',
    errors: takesNoParameters('NamesError'),
  }),
  [`${BASE}/asma-ul-husna/search`]: keyedGet({
    operationId: 'searchNames',
    tag: NAMES,
    category: 'general',
    service: 'edge',
    body: 'NameList',
    summary: 'Search the names',
    description:
      'Matches `q` against the Arabic text, transliteration, English translation, meaning and the Bengali ' +
      'fields; case-, diacritic- and punctuation-insensitive. Common spellings of a name all find it: ' +
      '`Ar Raheem`, `ar-rahim` and `Rahim`; `ghafoor`; `Mālik al-Mulk` and `Malikul Mulk`; `Zul-Jalal`; ' +
      '`الرؤوف` and `الرءوف`. Several words match when all of them match (`The Merciful`). Best matches ' +
      'first: the exact transliteration, then other spellings of a name, name prefixes, then translation ' +
      'and meaning; one typo is forgiven when no name matches otherwise. No match: 200 with `count: 0` ' +
      'and `data: []`. Folding rules: the 99 Names search guide (/docs/guides/names-search).',
    usage: 'GET /api/v1/asma-ul-husna/search?q=QUERY&api_key=YOUR_API_KEY',
    parameters: [
      queryParam(
        'q',
        { type: 'string', minLength: 1, maxLength: 200, examples: ['merciful', 'Ar Raheem', 'الرحمن'] },
        'Search text: a name in Latin script however it is spelled (long vowels doubled ' +
          'or with macrons, article spaced, hyphenated, joined or left out), a name in ' +
          'Arabic with or without harakat, or words of the translation or meaning.',
        true,
      ),
    ],
    errors: {
      '400': errorResponse(
        'NamesError',
        '`q` missing: `{ "success": false, "error": "q query parameter is required" }`; longer than 200 ' +
          'characters or holding a control character (NUL, a line break): `{ "success": false, "error": "q ' +
          'must be at most 200 characters, without control characters (such as NUL or a line break)" }`.',
      ),
    },
  }),
  [`${BASE}/asma-ul-husna/daily`]: keyedGet({
    operationId: 'dailyName',
    tag: NAMES,
    category: 'general',
    service: 'edge',
    body: 'NameResponse',
    summary: "Today's name",
    description: "The name whose number is today's UTC day of the month (1–31).",
    usage: 'GET /api/v1/asma-ul-husna/daily?api_key=YOUR_API_KEY',
    errors: takesNoParameters('NamesError'),
  }),
  [`${BASE}/asma-ul-husna/daily/{day}`]: keyedGet({
    operationId: 'dailyNameForDay',
    tag: NAMES,
    category: 'general',
    service: 'edge',
    body: 'NameResponse',
    summary: 'The name for a day number',
    description: 'The name for day `day` of the cycle (1–99).',
    usage: 'GET /api/v1/asma-ul-husna/daily/{day}?api_key=YOUR_API_KEY',
    parameters: [pathParam('day', { type: 'integer', minimum: 1, maximum: 99 }, 'Day number, 1 to 99.')],
    errors: { '400': errorResponse('BadRequest', 'Not an integer or outside 1–99; `message` says which.') },
  }),
  [`${BASE}/asma-ul-husna/{number}`]: keyedGet({
    operationId: 'getName',
    tag: NAMES,
    category: 'general',
    service: 'edge',
    body: 'NameResponse',
    summary: 'One name by number',
    description: 'The name with that number.',
    usage: 'GET /api/v1/asma-ul-husna/{number}?api_key=YOUR_API_KEY',
    parameters: [nameNumber],
    errors: { '400': namesBadRequest, '404': namesNotFound },
  }),
};

export const quranPaths: Record<string, Schema> = {
  [`${BASE}/quran/surahs`]: keyedGet({
    operationId: 'listSurahs',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'SurahList',
    summary: 'All 114 surahs',
    description: 'Each surah with its names, revelation type, verse count, Madani page range and juz range.',
    usage: 'GET /api/v1/quran/surahs?api_key=YOUR_API_KEY',
    errors: takesNoParameters('BadRequest'),
  }),
  [`${BASE}/quran/surah/{number}`]: keyedGet({
    operationId: 'getSurah',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'SurahResponse',
    summary: 'One surah with its verses',
    description:
      'Surah metadata, pagination and one page of verses with signed ' +
      'audio links. A page past the last one is 200 with `verses: []`.',
    usage: 'GET /api/v1/quran/surah/{number}?pageNumber=1&pageSize=20&api_key=YOUR_API_KEY',
    parameters: [
      pathParam(
        'number',
        { type: 'integer', minimum: 1, maximum: 114 },
        'Surah number, 1 to 114 (outside: 404; not an integer: 400).',
      ),
      lang,
      translations,
      reciter,
      audio,
      queryParam('pageNumber', { type: 'integer', minimum: 1, default: 1 }, 'Page of verses, from 1.'),
      queryParam(
        'pageSize',
        { type: 'integer', minimum: 1, maximum: 300, default: 20 },
        'Verses per page, 1 to 300 (the longest surah has 286).',
      ),
    ],
    errors: { '400': badRequest, '404': notFound },
  }),
  [`${BASE}/quran/reciters`]: keyedGet({
    operationId: 'listReciters',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'ReciterList',
    summary: 'Reciters',
    description:
      'Reciters in the catalogue: Arabic and English recitations from a public origin (proxied, or redirected ' +
      'with AUDIO_MODE=redirect), and local reciters whose files the operator adds under MEDIA_DIR (the ' +
      'catalogue lists a Bengali translation reciter, served only where its files exist). `audio.available` ' +
      'says whether this deployment can serve a reciter; a verse lists only the reciters that cover it.',
    usage: 'GET /api/v1/quran/reciters?api_key=YOUR_API_KEY',
    errors: takesNoParameters('BadRequest'),
  }),
  [`${BASE}/quran/verse/random`]: keyedGet({
    operationId: 'randomVerse',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'VerseResponse',
    summary: 'A random verse',
    description: 'One verse picked at random, with signed audio links. Never cached (`Cache-Control: no-store`).',
    usage: 'GET /api/v1/quran/verse/random?api_key=YOUR_API_KEY',
    parameters: [lang, translations, reciter, audio],
    errors: {
      '400': errorResponse('BadRequest', 'Unknown or empty `lang`, `translations`, `reciter` or `audio`.'),
    },
  }),
  [`${BASE}/quran/verse/{id}`]: keyedGet({
    operationId: 'getVerse',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'VerseResponse',
    summary: 'One verse',
    description:
      'Text, position (juz, hizb, rub el hizb, page, ruku, manzil, sajda) and signed audio links per reciter.',
    usage: 'GET /api/v1/quran/verse/{id}?api_key=YOUR_API_KEY',
    parameters: [verseId, lang, translations, reciter, audio],
    errors: {
      '400': errorResponse(
        'BadRequest',
        'Not a verse key or 6-digit id, or unknown or empty `lang`, `translations`, `reciter` or `audio`.',
      ),
      '404': notFound,
    },
  }),
  [`${BASE}/quran/verse/{id}/audio`]: keyedGet({
    operationId: 'getVerseAudio',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'VerseAudioResponse',
    summary: 'Audio links of one verse',
    description: 'Signed audio links only, no text.',
    usage: 'GET /api/v1/quran/verse/{id}/audio?api_key=YOUR_API_KEY',
    parameters: [verseId, reciter],
    errors: {
      '400': errorResponse('BadRequest', 'Not a verse key or 6-digit id, or an unknown or empty `reciter`.'),
      '404': notFound,
    },
  }),
};
