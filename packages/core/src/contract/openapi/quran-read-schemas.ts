// Bodies of the Quran reading endpoints: verse ranges, divisions, sajda and search.
import { TRANSLATION_EDITION_IDS, TRANSLATION_LANGUAGE_CODES } from '../translation-ids.ts';
import { envelope, ref, type Schema } from './schemas.ts';

const VerseKey: Schema = {
  type: 'string',
  pattern: '^\\d{1,3}:\\d{1,3}$',
  description: '`surah:verse`.',
  examples: ['2:255'],
};

const SpannedSurah: Schema = {
  type: 'object',
  required: ['number', 'name', 'verses'],
  additionalProperties: false,
  properties: {
    number: { type: 'integer', minimum: 1, maximum: 114 },
    name: { $ref: '#/components/schemas/Surah/properties/name' },
    verses: { ...ref('Range'), description: 'The verses of this surah inside the division or range.' },
  },
};

const spanProperties: Schema = {
  first_verse_key: ref('VerseKey'),
  last_verse_key: ref('VerseKey'),
  verses_count: { type: 'integer', minimum: 1 },
  surahs: {
    type: 'array',
    items: ref('SpannedSurah'),
    minItems: 1,
    description: 'Every surah the verses touch, in order.',
  },
};

const Division: Schema = {
  type: 'object',
  required: ['type', 'number', 'first_verse_key', 'last_verse_key', 'verses_count', 'surahs'],
  additionalProperties: false,
  properties: {
    type: { type: 'string', enum: ['juz', 'hizb', 'rub', 'page', 'ruku', 'manzil'] },
    number: { type: 'integer', minimum: 1, maximum: 604 },
    ...spanProperties,
  },
};

const VerseRange: Schema = {
  type: 'object',
  required: ['first_verse_key', 'last_verse_key', 'verses_count', 'surahs'],
  additionalProperties: false,
  properties: spanProperties,
};

const SearchResult: Schema = {
  type: 'object',
  required: ['key', 'id', 'surah', 'verse', 'text', 'matches'],
  additionalProperties: false,
  properties: {
    key: ref('VerseKey'),
    id: ref('VerseId'),
    surah: { type: 'integer', minimum: 1, maximum: 114 },
    verse: { type: 'integer', minimum: 1, maximum: 286 },
    text: { type: 'string', description: 'The verse in the searched language (the transliteration for `translit`).' },
    matches: {
      type: 'array',
      description:
        'Where the query matched in `text`: [start, end) offsets in UTF-16 code ' +
        'units (JavaScript string indexes); adjacent matched words form one span.',
      items: {
        type: 'object',
        required: ['start', 'end'],
        additionalProperties: false,
        properties: { start: { type: 'integer', minimum: 0 }, end: { type: 'integer', minimum: 1 } },
      },
    },
  },
};

const SearchPagination: Schema = {
  type: 'object',
  required: ['pageNumber', 'pageSize', 'totalResults', 'totalPages'],
  additionalProperties: false,
  properties: {
    pageNumber: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 300 },
    totalResults: { type: 'integer', minimum: 0 },
    totalPages: { type: 'integer', minimum: 0 },
  },
};

const versesOf = (schema: Schema): Schema => ({ type: 'array', items: ref('Verse'), ...schema });

export const quranReadSchemas: Record<string, Schema> = {
  VerseKey,
  SpannedSurah,
  Division,
  VerseRange,
  SearchResult,
  SearchPagination,
  DivisionResponse: envelope('quran', {
    type: 'object',
    required: ['division', 'pagination', 'verses'],
    additionalProperties: false,
    properties: { division: ref('Division'), pagination: ref('Pagination'), verses: versesOf({}) },
  }),
  VerseRangeResponse: envelope('quran', {
    type: 'object',
    required: ['range', 'verses'],
    additionalProperties: false,
    properties: { range: ref('VerseRange'), verses: versesOf({ minItems: 1, maxItems: 300 }) },
  }),
  SajdaList: envelope('quran', versesOf({ minItems: 15, maxItems: 15 }), true),
  SearchResponse: envelope(
    'quran',
    {
      type: 'object',
      required: ['query', 'pagination', 'results'],
      additionalProperties: false,
      properties: {
        query: {
          type: 'object',
          required: ['q', 'lang'],
          additionalProperties: false,
          properties: {
            q: { type: 'string' },
            lang: {
              type: 'string',
              enum: [...new Set(['ar', 'en', 'bn', 'translit', ...TRANSLATION_LANGUAGE_CODES])],
              description: 'The text searched, or the language of the translation edition searched.',
            },
            translation: {
              type: 'string',
              enum: [...TRANSLATION_EDITION_IDS],
              description: 'The translation edition searched (with `translation=`, or a language code in `lang`).',
            },
          },
        },
        pagination: ref('SearchPagination'),
        results: { type: 'array', items: ref('SearchResult') },
      },
    },
    true,
  ),
};
