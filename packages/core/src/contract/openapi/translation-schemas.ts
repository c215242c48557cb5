// Bodies of the translation editions: a verse's translation and the list of /quran/translations.
import { TRANSLATION_EDITION_IDS } from '../translation-ids.ts';
import { envelope, ref, type Schema } from './schemas.ts';

const editionId: Schema = {
  type: 'string',
  enum: [...TRANSLATION_EDITION_IDS],
  description: "Tanzil's id of the edition.",
  examples: ['id.indonesian'],
};

const VerseTranslation: Schema = {
  type: 'object',
  required: ['id', 'text'],
  additionalProperties: false,
  properties: {
    id: editionId,
    text: { type: 'string', minLength: 1, description: "The verse in this edition, as Tanzil's file has it." },
  },
};

const TranslationEdition: Schema = {
  type: 'object',
  required: ['id', 'language', 'name', 'translator', 'direction', 'default', 'source', 'licence'],
  additionalProperties: false,
  properties: {
    id: editionId,
    language: {
      type: 'object',
      required: ['code', 'name', 'native'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', pattern: '^[a-z]{2}$', description: 'ISO 639-1.', examples: ['id'] },
        name: { type: 'string', minLength: 1, description: 'English name.', examples: ['Indonesian'] },
        native: { type: 'string', minLength: 1, description: 'Its own name.', examples: ['Bahasa Indonesia'] },
      },
    },
    name: { type: 'string', minLength: 1, description: "The edition's name in Tanzil's header." },
    translator: { type: 'string', minLength: 1 },
    direction: { type: 'string', enum: ['ltr', 'rtl'], description: 'Writing direction of the text.' },
    default: { type: 'boolean', description: 'The edition its language code selects (one per language).' },
    source: {
      type: 'object',
      required: ['name', 'id', 'version'],
      additionalProperties: false,
      properties: {
        name: { const: 'Tanzil' },
        id: editionId,
        version: { type: 'string', pattern: '^Last Update: ', examples: ['Last Update: June 4, 2010'] },
      },
    },
    licence: { type: 'string', minLength: 1, description: "Tanzil's terms for translations, in one sentence." },
  },
};

export const translationSchemas: Record<string, Schema> = {
  VerseTranslation,
  TranslationEdition,
  TranslationList: envelope('quran', { type: 'array', items: ref('TranslationEdition'), minItems: 1 }, true),
};
