// static-data/source/translations/editions.json: what the API says about each language
// of the vendored editions (code, English and native names, direction, script, the
// default edition and why), and the reviewed allowances of the letter checks. Checked
// against the lock: every edition's language is in the table and every language has
// an edition; the header's language names the language.
import type { Checked } from './content-types.ts';
import type { TranslationLock } from './translation-lock.ts';
import { SCRIPTS, type ScriptAllowances, type ScriptName } from './translation-script.ts';

export interface TranslationLanguage {
  /** ISO 639-1, the prefix of Tanzil's ids. */
  code: string;
  /** English name, as Tanzil's headers write it. */
  name: string;
  native: string;
  direction: 'ltr' | 'rtl';
  script: ScriptName;
  /** The edition a request naming only the language gets. */
  default: string;
  why: string;
}

/** Characters or glued spellings an edition may hold beyond its script, with the reason. */
export interface EditionAllowance {
  characters?: string;
  glued?: string[];
  why: string;
}

export interface TranslationEditions {
  about: string;
  languages: TranslationLanguage[];
  allowances: Record<string, EditionAllowance[]>;
}

const FILE = 'translations/editions.json';
const LANGUAGE_CODE = /^[a-z]{2}$/;

function languageProblems(language: TranslationLanguage, ids: readonly string[]): string[] {
  const problems: string[] = [];
  if (!LANGUAGE_CODE.test(language.code ?? '')) problems.push('code must be an ISO 639-1 code');
  for (const field of ['name', 'native', 'why'] as const)
    if (typeof language[field] !== 'string' || language[field] === '') problems.push(`${field} is empty`);
  if (language.direction !== 'ltr' && language.direction !== 'rtl') problems.push('direction must be ltr or rtl');
  if (!Object.hasOwn(SCRIPTS, language.script ?? ''))
    problems.push(`script must be one of ${Object.keys(SCRIPTS).join(', ')}`);
  if (!ids.includes(language.default))
    problems.push(`default ${JSON.stringify(language.default)} is not a vendored ${language.code} edition`);
  return problems;
}

function allowanceProblems(id: string, allowances: EditionAllowance[], ids: ReadonlySet<string>): string[] {
  if (!ids.has(id)) return [`allowances: ${id} is not a vendored edition`];
  return allowances.flatMap((allowance, i) => {
    const problems: string[] = [];
    if (typeof allowance.why !== 'string' || allowance.why.trim() === '') problems.push('why must say why');
    const characters =
      allowance.characters === undefined || (typeof allowance.characters === 'string' && allowance.characters !== '');
    const glued =
      allowance.glued === undefined ||
      (Array.isArray(allowance.glued) && allowance.glued.every((s) => typeof s === 'string' && s !== ''));
    if (!characters || !glued || (allowance.characters === undefined && allowance.glued === undefined))
      problems.push('needs characters (a string) or glued (strings)');
    return problems.map((problem) => `allowances: ${id} ${i + 1}: ${problem}`);
  });
}

export function checkTranslationEditions(raw: unknown, lock: TranslationLock): Checked<TranslationEditions> {
  const editions = raw as Partial<TranslationEditions> | undefined;
  if (
    typeof editions?.about !== 'string' ||
    !Array.isArray(editions.languages) ||
    typeof editions.allowances !== 'object' ||
    editions.allowances === null
  ) {
    return { ok: false, errors: [`${FILE}: must be { "about", "languages": [ … ], "allowances": { … } }`] };
  }
  const errors: string[] = [];
  const codes = new Set(editions.languages.map((language) => language.code));
  for (const language of editions.languages) {
    const ids = lock.editions.filter((entry) => entry.id.split('.')[0] === language.code).map((entry) => entry.id);
    if (ids.length === 0) errors.push(`${FILE}: language ${language.code} has no vendored edition`);
    errors.push(...languageProblems(language, ids).map((problem) => `${FILE}: language ${language.code}: ${problem}`));
    for (const entry of lock.editions.filter((e) => ids.includes(e.id) && e.header.language.trim() !== language.name)) {
      errors.push(`${FILE}: ${entry.id}'s header says ${entry.header.language}, the table ${language.name}`);
    }
  }
  for (const entry of lock.editions.filter((e) => !codes.has(e.id.split('.')[0] as string)))
    errors.push(`${FILE}: no language for ${entry.id}`);
  const ids = new Set(lock.editions.map((entry) => entry.id));
  for (const [id, list] of Object.entries(editions.allowances))
    errors.push(...allowanceProblems(id, list, ids).map((p) => `${FILE}: ${p}`));
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: editions as TranslationEditions };
}

/** An edition's allowances, merged for the letter checks. */
export function scriptAllowances(editions: TranslationEditions, id: string): ScriptAllowances {
  const list = editions.allowances[id] ?? [];
  return { characters: list.map((a) => a.characters ?? '').join(''), glued: list.flatMap((a) => a.glued ?? []) };
}

export function languageOf(editions: TranslationEditions, id: string): TranslationLanguage {
  const code = id.split('.')[0];
  const language = editions.languages.find((candidate) => candidate.code === code);
  if (language === undefined) throw new Error(`no language for ${id}`);
  return language;
}
