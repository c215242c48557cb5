// The translation editions (portal guide "Reading the Quran", "Data sources and licences"): the
// list, the `translations` parameter of every verse-bearing read and the `translation` of search.
// The values each takes are the editions of the content tree (translation-ids.ts, from its lock).
import { TRANSLATION_EDITION_IDS, TRANSLATION_LANGUAGE_CODES } from '../translation-ids.ts';
import { keyedGet, queryParam, takesNoParameters } from './operation.ts';
import type { Schema } from './schemas.ts';

/** An edition id, or a language code for that language's default edition. */
const EDITION_OR_LANGUAGE = [...TRANSLATION_EDITION_IDS, ...TRANSLATION_LANGUAGE_CODES];

export const translations: Schema = {
  ...queryParam(
    'translations',
    {
      type: 'array',
      items: { type: 'string', enum: EDITION_OR_LANGUAGE },
      minItems: 1,
      maxItems: 10,
      examples: [['id.indonesian', 'ur.jalandhry'], ['fa']],
    },
    'Translations to add to every verse, in this order (comma list): edition ids from /api/v1/quran/translations, ' +
      'or a language code for its default edition (`ur` = `ur.jalandhry`). At most 10. Each verse then carries ' +
      '`translations: [{ id, text }]`; without this parameter the verses are as before. Unknown edition: 400.',
  ),
  style: 'form',
  explode: false,
};

export const translation = queryParam(
  'translation',
  { type: 'string', enum: [...TRANSLATION_EDITION_IDS], examples: ['id.indonesian'] },
  'Search this translation edition (see /api/v1/quran/translations) instead of `lang`; a language code in `lang` ' +
    'searches its default edition. Not with `lang`.',
);

/** A search's `lang`: the texts every verse carries, or a translation language (its default edition). */
export const SEARCH_LANGS = [
  ...['ar', 'en', 'bn', 'translit', 'arabic', 'english', 'bengali', 'transliteration'],
  ...TRANSLATION_LANGUAGE_CODES.filter((code) => code !== 'en' && code !== 'bn'),
];

export const translationPaths: Record<string, Schema> = {
  '/api/v1/quran/translations': keyedGet({
    operationId: 'listTranslations',
    tag: 'Quran',
    category: 'general',
    service: 'edge',
    body: 'TranslationList',
    summary: 'Translation editions',
    description:
      "Every translation edition the API serves: Tanzil's files (tanzil.net/trans) in 41 languages, each with its " +
      'language, translator, writing direction, Tanzil id and version, and terms (non-commercial use only, as ' +
      'Tanzil states them). `default` marks the edition a language code alone selects. Use an `id` (or a language ' +
      'code) in `translations=` on any verse read, or in `translation=` on search.',
    usage: 'GET /api/v1/quran/translations?api_key=YOUR_API_KEY',
    errors: takesNoParameters('BadRequest'),
  }),
};
