// Quran reading operations: verse ranges by key, the mushaf divisions, the sajda verses
// and full-text search. Behaviour: apps/edge/README.md and the Quran reading guide.
import { audio, lang, pageNumber, pageSize, reciter } from './content-paths.ts';
import { errorResponse, keyedGet, pathParam, queryParam } from './operation.ts';
import { SEARCH_LANGS, translation, translations } from './translation-paths.ts';
import type { Schema } from './schemas.ts';

const QURAN = 'Quran';
const BASE = '/api/v1/quran';
const badRequest = errorResponse('BadRequest', 'A parameter is malformed; `message` says which and what is accepted.');

const DIVISIONS: Array<{ type: string; count: number; what: string }> = [
  { type: 'juz', count: 30, what: 'One of the 30 parts (juz, para) of the Quran.' },
  { type: 'hizb', count: 60, what: 'One of the 60 halves of a juz (hizb).' },
  {
    type: 'rub',
    count: 240,
    what: 'One of the 240 quarters of a hizb (rub el hizb), the quarters the mushaf marks with ۞.',
  },
  { type: 'page', count: 604, what: 'One page of the Madani mushaf (King Fahd Complex, 604 pages).' },
  { type: 'ruku', count: 556, what: 'One ruku (thematic section), counted through the whole Quran.' },
  { type: 'manzil', count: 7, what: 'One of the 7 manzil, for reading the Quran in a week.' },
];

function divisionPath({ type, count, what }: (typeof DIVISIONS)[number]): Record<string, Schema> {
  return {
    [`${BASE}/${type}/{number}`]: keyedGet({
      operationId: `get${type[0]!.toUpperCase()}${type.slice(1)}`,
      tag: QURAN,
      category: 'general',
      service: 'edge',
      body: 'DivisionResponse',
      summary: `A ${type} with its verses`,
      description:
        `${what} The division (number, first and last verse keys, verse count, the surahs it spans ` +
        `with their verse ranges), pagination and one page of verses, as the surah endpoint pages them.`,
      usage: `GET /api/v1/quran/${type}/{number}?pageNumber=1&pageSize=20&api_key=YOUR_API_KEY`,
      parameters: [
        pathParam(
          'number',
          { type: 'integer', minimum: 1, maximum: count },
          `${type} number, 1 to ${count} (outside: 404; not an integer: 400).`,
        ),
        lang,
        translations,
        reciter,
        audio,
        pageNumber,
        pageSize,
      ],
      errors: { '400': badRequest, '404': errorResponse('NotFound', `No such ${type}.`) },
    }),
  };
}

export const quranReadPaths: Record<string, Schema> = {
  [`${BASE}/verses`]: keyedGet({
    operationId: 'getVerseRange',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'VerseRangeResponse',
    summary: 'A range of verses by key',
    description:
      'The verses from `from` to `to` (inclusive, possibly across surahs, at most 300), in ' +
      "the surah endpoint's verse shape, with a summary of the surahs they span. A key that " +
      'is not a verse (`2:287`, `115:1`), `to` before `from` or more than 300 verses: 400.',
    usage: 'GET /api/v1/quran/verses?from=2:255&to=2:257&api_key=YOUR_API_KEY',
    parameters: [
      queryParam(
        'from',
        { type: 'string', pattern: '^(\\d{6}|\\d{1,3}:\\d{1,3})$', examples: ['2:255'] },
        'First verse: key `2:255` or id `002255`.',
        true,
      ),
      queryParam(
        'to',
        { type: 'string', pattern: '^(\\d{6}|\\d{1,3}:\\d{1,3})$', examples: ['2:257'] },
        'Last verse (inclusive). Default: `from` (one verse).',
      ),
      lang,
      translations,
      reciter,
      audio,
    ],
    errors: { '400': badRequest },
  }),
  ...Object.assign({}, ...DIVISIONS.map(divisionPath)),
  [`${BASE}/sajda`]: keyedGet({
    operationId: 'listSajdaVerses',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'SajdaList',
    summary: 'The 15 sajda verses',
    description:
      'The verses of prostration in Quran order, each with `sajda: { type }` (`recommended` or `obligatory`).',
    usage: 'GET /api/v1/quran/sajda?api_key=YOUR_API_KEY',
    parameters: [lang, translations, reciter, audio],
    errors: { '400': badRequest },
  }),
  [`${BASE}/search`]: keyedGet({
    operationId: 'searchQuran',
    tag: QURAN,
    category: 'general',
    service: 'edge',
    body: 'SearchResponse',
    summary: 'Full-text search',
    description:
      'Verses whose text holds every word of `q` (a `"quoted phrase"` must appear as written), best ' +
      'first (BM25), with the matched text and match offsets for highlighting; `count` is the total. ' +
      'Arabic ignores harakat, tatweel, Quranic annotation signs, alef and hamza forms, alef maqsura/ya ' +
      'and ta marbuta/ha, and matches with or without the article; English ignores case and punctuation ' +
      'and folds plurals and possessives; Bengali is NFC with both spellings of য় and of the ya-phala ' +
      'equal, and a word also finds the longer words it begins (suffixes). No match: 200 with `count: 0`.',
    usage: 'GET /api/v1/quran/search?q=QUERY&lang=en&api_key=YOUR_API_KEY',
    parameters: [
      queryParam(
        'q',
        { type: 'string', minLength: 1, maxLength: 200, examples: ['"Lord of the worlds"', 'الرحمن'] },
        'Words to find (all must match); quote a phrase.',
        true,
      ),
      queryParam(
        'lang',
        { type: 'string', enum: SEARCH_LANGS },
        'Text to search: `ar`, `en`, `bn`, `translit` (the texts every verse carries), or a translation language ' +
          'code for its default edition (`id`, `ur`, …). Default: `ar` for Arabic script in `q`, `bn` for Bengali ' +
          'script, else `en`.',
      ),
      translation,
      queryParam('surah', { type: 'integer', minimum: 1, maximum: 114 }, 'Only this surah.'),
      pageNumber,
      queryParam('pageSize', { type: 'integer', minimum: 1, maximum: 300, default: 20 }, 'Results per page, 1 to 300.'),
    ],
    errors: { '400': badRequest },
  }),
};
