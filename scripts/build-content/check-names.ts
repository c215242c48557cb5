// Validates static-data/source/names.json. Every problem is reported with the record
// and the field, e.g. `names.json: record 17 (Al-Wahhab): bn.meaning is empty`. Where the
// texts come from and how they were reviewed: static-data/source/names-sources.md.
import { checkMeaningsDistinct } from './check-name-meanings.ts';
import type { Checked, NameSource, NameTexts } from './content-types.ts';

const FILE = 'names.json';
export const NAME_COUNT = 99;
const TEXT_FIELDS = ['transliteration', 'translation', 'meaning'] as const;
const RECORD_KEYS = ['number', 'name', 'arabic', 'en', 'bn'];

// Arabic blocks: Arabic U+0600–U+06FF (harakat included), Supplement U+0750–U+077F,
// Extended-A U+08A0–U+08FF. The names must carry full diacritics (docs/api-decisions.md), so at
// least one haraka (U+064B–U+065F) or superscript alef (U+0670) is required.
const ARABIC_ONLY = /^[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\s]+$/;
const ARABIC_LETTER = /[\u0621-\u064a\u0671-\u06d3]/;
const ARABIC_DIACRITIC = /[\u064b-\u065f\u0670]/;
// Bengali block U+0980–U+09FF; Latin letters anywhere mean an untranslated field.
const BENGALI_LETTER = /[\u0980-\u09ff]/;
const LATIN_LETTER = /\p{Script=Latin}/u;

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringProblem(value: unknown): string | null {
  if (value === undefined) return 'is missing';
  if (typeof value !== 'string') return 'must be a string';
  if (value.trim() === '') return 'is empty';
  return null;
}

function unknownKeys(fields: Fields, allowed: readonly string[], prefix: string): string[] {
  return Object.keys(fields)
    .filter((key) => !allowed.includes(key))
    .map((key) => `unknown field ${prefix}${key}`);
}

function checkTexts(value: unknown, lang: 'en' | 'bn'): string[] {
  if (!isObject(value)) return [`${lang} must be an object`];
  const problems = unknownKeys(value, TEXT_FIELDS, `${lang}.`);
  for (const field of TEXT_FIELDS) {
    const text = value[field];
    const problem = stringProblem(text);
    if (problem) problems.push(`${lang}.${field} ${problem}`);
    else if (lang === 'bn' && (!BENGALI_LETTER.test(text as string) || LATIN_LETTER.test(text as string))) {
      problems.push(`${lang}.${field} must be in Bengali script with no Latin letters`);
    }
  }
  return problems;
}

function checkArabic(value: unknown): string[] {
  const problem = stringProblem(value);
  if (problem) return [`arabic ${problem}`];
  const text = value as string;
  if (!ARABIC_ONLY.test(text) || !ARABIC_LETTER.test(text)) return ['arabic must be in Arabic script'];
  if (!ARABIC_DIACRITIC.test(text)) return ['arabic has no diacritics (harakat)'];
  return [];
}

/** Problems of one record, each as "<field> <what is wrong>". */
function checkRecord(record: Fields, position: number): string[] {
  const problems = unknownKeys(record, RECORD_KEYS, '');
  if (record.number !== position) problems.push(`number must be ${position}, found ${JSON.stringify(record.number)}`);
  const nameProblem = stringProblem(record.name);
  if (nameProblem) problems.push(`name ${nameProblem}`);
  problems.push(...checkArabic(record.arabic), ...checkTexts(record.en, 'en'), ...checkTexts(record.bn, 'bn'));
  return problems;
}

function label(record: unknown, position: number): string {
  const name = isObject(record) && typeof record.name === 'string' && record.name.trim() ? record.name : 'no name';
  return `${FILE}: record ${position} (${name})`;
}

/** Finds values that repeat, reporting each later record against the first one. */
function duplicates(records: NameSource[], field: string, pick: (r: NameSource) => string): string[] {
  const seen = new Map<string, number>();
  const problems: string[] = [];
  records.forEach((record, index) => {
    const key = pick(record).trim().toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index + 1);
    else problems.push(`${label(record, index + 1)}: ${field} duplicates record ${first}`);
  });
  return problems;
}

export function checkNames(raw: unknown): Checked<NameSource[]> {
  if (!Array.isArray(raw)) return { ok: false, errors: [`${FILE}: must be a JSON array of name records`] };
  const errors: string[] = [];
  if (raw.length !== NAME_COUNT) errors.push(`${FILE}: expected ${NAME_COUNT} records, found ${raw.length}`);
  raw.forEach((record: unknown, index) => {
    const position = index + 1;
    if (!isObject(record)) errors.push(`${label(record, position)}: must be an object`);
    else for (const problem of checkRecord(record, position)) errors.push(`${label(record, position)}: ${problem}`);
  });
  if (errors.length > 0) return { ok: false, errors };
  const records = raw as NameSource[];
  errors.push(
    ...duplicates(records, 'name', (r) => r.name),
    ...duplicates(records, 'en.transliteration', (r) => r.en.transliteration),
    ...checkMeaningsDistinct(records),
  );
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: records.map(copyName) };
}

/** A fresh record in the fixed key order, so the output never depends on source order. */
function copyName(record: NameSource): NameSource {
  const texts = (t: NameTexts): NameTexts => ({
    transliteration: t.transliteration,
    translation: t.translation,
    meaning: t.meaning,
  });
  return {
    number: record.number,
    name: record.name,
    arabic: record.arabic,
    en: texts(record.en),
    bn: texts(record.bn),
  };
}
