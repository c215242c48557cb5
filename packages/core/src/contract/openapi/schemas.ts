// JSON Schemas (2020-12, as OpenAPI 3.1 uses them) of every body the API writes:
// the spec's tables plus docs/api-decisions.md where the spec says "not shown".
type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

const RateLimit: Schema = {
  type: 'object',
  description:
    "The caller's budget in the endpoint's category. With Redis the window slides (nextResetAt = when the " +
    'oldest counted request leaves it); in-process it is fixed (nextResetAt = end of the current window).',
  required: ['category', 'limit', 'remaining', 'nextResetAt'],
  additionalProperties: false,
  properties: {
    category: { type: 'string', enum: ['general', 'calculation'] },
    limit: { type: 'integer', minimum: 1, description: 'Maximum requests per window for this key.' },
    remaining: { type: 'integer', minimum: 0 },
    nextResetAt: { type: 'string', format: 'date-time' },
  },
};

const ApiInfo: Schema = {
  type: 'object',
  required: ['usage', 'version', 'docs'],
  additionalProperties: false,
  properties: {
    usage: {
      type: 'string',
      description: 'Usage template of the endpoint.',
      examples: ['GET /api/v1/asma-ul-husna/{number}?api_key=YOUR_API_KEY'],
    },
    version: { const: 'v1' },
    docs: { type: 'string', format: 'uri', description: 'The portal documentation.' },
    attribution: {
      type: 'string',
      description: 'Source and licence of the data (Quran responses; places: GeoNames, CC BY 4.0).',
    },
  },
};

const Timestamp: Schema = { type: 'string', format: 'date-time', description: 'Time of the response (ISO 8601, UTC).' };

/** The common envelope around `data`; the service name and data schema vary. */
function envelope(service: string, data: Schema, withCount = false): Schema {
  const required = ['success', 'service', 'data', 'timestamp', 'api_info', 'rateLimit'];
  return {
    type: 'object',
    required: withCount ? [...required, 'count'] : required,
    additionalProperties: false,
    properties: {
      success: { const: true },
      service: { const: service },
      ...(withCount ? { count: { type: 'integer', minimum: 0 } } : {}),
      data,
      timestamp: ref('Timestamp'),
      api_info: ref('ApiInfo'),
      rateLimit: ref('RateLimit'),
    },
  };
}

const NameLanguageEn: Schema = {
  type: 'object',
  required: ['arabic', 'transliteration', 'translation', 'meaning'],
  additionalProperties: false,
  properties: {
    arabic: { type: 'string', minLength: 1 },
    transliteration: { type: 'string', minLength: 1 },
    translation: { type: 'string', minLength: 1 },
    meaning: { type: 'string', minLength: 1 },
  },
};

const NameLanguageBn: Schema = {
  type: 'object',
  description: 'Bengali; carries no `arabic` field.',
  required: ['transliteration', 'translation', 'meaning'],
  additionalProperties: false,
  properties: {
    transliteration: { type: 'string', minLength: 1 },
    translation: { type: 'string', minLength: 1 },
    meaning: { type: 'string', minLength: 1 },
  },
};

const Name: Schema = {
  type: 'object',
  required: ['number', 'name', 'languages'],
  additionalProperties: false,
  properties: {
    number: { type: 'integer', minimum: 1, maximum: 99 },
    name: { type: 'string', description: 'Transliterated name.', examples: ['Ar-Rahman'] },
    audio: {
      type: 'string',
      format: 'uri',
      pattern: '/api/v1/audio/asma-ul-husna/\\d{2}\\.mp3\\?expires=\\d+&signature=[0-9a-f]{64}$',
      description: 'Signed link; present only when the audio file exists.',
    },
    languages: {
      type: 'object',
      required: ['en', 'bn'],
      additionalProperties: false,
      properties: { en: ref('NameLanguageEn'), bn: ref('NameLanguageBn') },
    },
  },
};

const Range: Schema = {
  type: 'object',
  required: ['start', 'end'],
  additionalProperties: false,
  properties: { start: { type: 'integer', minimum: 1 }, end: { type: 'integer', minimum: 1 } },
};

const Surah: Schema = {
  type: 'object',
  required: ['number', 'name', 'revelation_type', 'verses_count', 'pages', 'juz'],
  additionalProperties: false,
  properties: {
    number: { type: 'integer', minimum: 1, maximum: 114 },
    name: {
      type: 'object',
      required: ['arabic', 'transliteration', 'english', 'bengali'],
      additionalProperties: false,
      properties: {
        arabic: { type: 'string' },
        transliteration: { type: 'string' },
        english: { type: 'string' },
        bengali: { type: 'string' },
      },
    },
    revelation_type: {
      type: 'string',
      enum: ['meccan', 'medinan'],
      description:
        "Tanzil's classification, that of the Egyptian standard edition (86 Meccan, 28 Medinan). " +
        'Disputed for some surahs, e.g. 13, 55, 76 and 99 (Medinan here, Meccan to others).',
    },
    verses_count: { type: 'integer', minimum: 3, maximum: 286 },
    pages: { ...ref('Range'), description: 'Madani mushaf pages (1–604).' },
    juz: { ...ref('Range'), description: 'First and last juz (1–30).' },
  },
};

const Reciter: Schema = {
  type: 'object',
  required: ['id', 'name', 'language', 'audio'],
  properties: {
    id: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    language: { type: 'string', enum: ['arabic', 'english', 'bengali'] },
    style: { type: ['string', 'null'] },
    bitrate: { type: ['integer', 'string', 'null'], description: 'kbit/s of the recordings.' },
    audio: {
      type: 'object',
      description: 'Where the recordings come from and whether this deployment serves them.',
      required: ['source', 'host', 'verses', 'available'],
      additionalProperties: false,
      properties: {
        source: {
          type: 'string',
          enum: ['remote', 'local'],
          description: '`remote`: from a public origin (proxied or redirected); `local`: files in MEDIA_DIR.',
        },
        host: {
          type: ['string', 'null'],
          description: 'Host of a remote origin (e.g. everyayah.com); null for local files.',
        },
        verses: { type: 'integer', minimum: 0, maximum: 6236, description: 'Verses this deployment has audio for.' },
        available: {
          type: 'boolean',
          description: "False when no request can get this reciter's audio (a local reciter without files).",
        },
      },
    },
  },
};

const VerseAudio: Schema = {
  type: 'object',
  required: ['reciter', 'url'],
  additionalProperties: false,
  properties: {
    reciter: {
      type: 'object',
      required: ['id', 'name', 'language'],
      additionalProperties: false,
      properties: {
        id: { type: 'string' },
        name: { type: 'string' },
        language: { type: 'string', enum: ['arabic', 'english', 'bengali'] },
      },
    },
    url: {
      type: 'string',
      format: 'uri',
      pattern: '/api/v1/audio/quran/[^/]+/\\d{6}\\.mp3\\?expires=\\d+&signature=[0-9a-f]{64}$',
      description: 'Signed link (see the signed audio guide).',
    },
  },
};

const VerseId: Schema = {
  type: 'string',
  pattern: '^\\d{6}$',
  description: 'SSSVVV: 3-digit surah, 3-digit verse.',
  examples: ['002255'],
};

const Verse: Schema = {
  type: 'object',
  required: ['id', 'surah', 'verse', 'number', 'text', 'juz', 'hizb', 'rub_el_hizb', 'page', 'ruku', 'manzil', 'sajda'],
  additionalProperties: false,
  properties: {
    id: ref('VerseId'),
    surah: { type: 'integer', minimum: 1, maximum: 114 },
    verse: { type: 'integer', minimum: 1, maximum: 286 },
    number: { type: 'integer', minimum: 1, maximum: 6236, description: 'Position in the whole Quran.' },
    text: {
      type: 'object',
      description: 'Only the languages asked for with `lang` (all three by default).',
      minProperties: 1,
      additionalProperties: false,
      properties: {
        arabic: { type: 'string', description: 'Uthmani script (KFGQPC Hafs text via QuranEnc).' },
        english: { type: 'string', description: 'Saheeh International, with its full punctuation.' },
        bengali: { type: 'string', description: 'Muhiuddin Khan, with its full punctuation.' },
      },
    },
    translations: {
      type: 'array',
      description: 'Only with `translations=`: the editions asked for, in that order (see /api/v1/quran/translations).',
      minItems: 1,
      maxItems: 10,
      items: ref('VerseTranslation'),
    },
    transliteration: { type: 'string', description: "Tanzil's plain Latin transliteration (no long-vowel marks)." },
    juz: { type: 'integer', minimum: 1, maximum: 30 },
    hizb: { type: 'integer', minimum: 1, maximum: 60 },
    rub_el_hizb: {
      type: 'integer',
      minimum: 1,
      maximum: 240,
      description: "Quarter of a hizb; starts where the Uthmani text carries ۞ (or at a surah's first verse).",
    },
    page: { type: 'integer', minimum: 1, maximum: 604, description: 'Madani mushaf page.' },
    ruku: { type: 'integer', minimum: 1, maximum: 556, description: 'Counted through the whole Quran.' },
    manzil: { type: 'integer', minimum: 1, maximum: 7 },
    sajda: {
      description:
        'A verse of prostration (15 verses), else `false`. ' +
        "`type` is the classification of Tanzil's metadata, which is the Ja'fari one " +
        '(`classification: "jafari"`): obligatory at 32:15, 41:38, 53:62 and 96:19, recommended elsewhere. ' +
        'Other schools differ: Hanafi fiqh holds the prostration wājib at 14 of them (not 22:77); ' +
        "Shafi'i and Hanbali fiqh hold it sunnah at 14 (not 38:24), Maliki fiqh at 11.",
      oneOf: [
        { const: false },
        {
          type: 'object',
          required: ['type', 'classification'],
          additionalProperties: false,
          properties: {
            type: { type: 'string', enum: ['recommended', 'obligatory'] },
            classification: { const: 'jafari' },
          },
        },
      ],
    },
    audio: {
      type: 'array',
      items: ref('VerseAudio'),
      description:
        'Only reciters that cover this verse (those named by `reciter`, if given); absent with `audio=none`.',
    },
  },
};

const Pagination: Schema = {
  type: 'object',
  required: ['pageNumber', 'pageSize', 'totalVerses', 'totalPages'],
  additionalProperties: false,
  properties: {
    pageNumber: { type: 'integer', minimum: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 300 },
    totalVerses: { type: 'integer', minimum: 1 },
    totalPages: { type: 'integer', minimum: 1 },
  },
};

export const contentSchemas: Record<string, Schema> = {
  RateLimit,
  ApiInfo,
  Timestamp,
  NameLanguageEn,
  NameLanguageBn,
  Name,
  NameList: envelope('asma-ul-husna', { type: 'array', items: ref('Name') }, true),
  NameResponse: envelope('asma-ul-husna', ref('Name')),
  Range,
  Surah,
  Reciter,
  VerseId,
  VerseAudio,
  Verse,
  Pagination,
  SurahList: envelope('quran', { type: 'array', items: ref('Surah'), minItems: 114, maxItems: 114 }, true),
  SurahResponse: envelope('quran', {
    type: 'object',
    required: ['surah', 'pagination', 'verses'],
    additionalProperties: false,
    properties: { surah: ref('Surah'), pagination: ref('Pagination'), verses: { type: 'array', items: ref('Verse') } },
  }),
  ReciterList: envelope('quran', { type: 'array', items: ref('Reciter') }, true),
  VerseResponse: envelope('quran', ref('Verse')),
  VerseAudioResponse: envelope('quran', {
    type: 'object',
    required: ['id', 'audio'],
    additionalProperties: false,
    properties: { id: ref('VerseId'), audio: { type: 'array', items: ref('VerseAudio') } },
  }),
};

export { envelope, ref };
export type { Schema };
