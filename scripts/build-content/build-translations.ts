// Turns the vendored translation sources into the editions the tree serves, checking each
// one on the way: the file is the bytes its lock entry pins (translation-lock.ts), has
// every verse and no empty one (tanzil-xml.ts), takes each reviewed correction exactly
// where it says (translation-corrections.ts), and passes the letter checks of its script
// (translation-script.ts). English and Bengali must also equal the text.english and
// text.bengali every verse already serves (NFC, whitespace collapsed): two independent
// routes to one text, Tanzil's file and quran-json with its restored punctuation.
import type { TranslationFold } from '@ira/core/text/translation-fold';
import type { Checked, QuranSurah } from './content-types.ts';
import type { RawTranslations } from './read-translations.ts';
import { applyVerseCorrections, checkVerseCorrections, correctionsFile } from './translation-corrections.ts';
import {
  checkTranslationEditions,
  languageOf,
  scriptAllowances,
  type TranslationEditions,
  type TranslationLanguage,
} from './translation-editions.ts';
import { readVendoredTranslation, type TranslationLockEntry } from './translation-lock.ts';
import { SCRIPTS, scriptProblems } from './translation-script.ts';
import { normalizeVerse } from './tanzil-xml.ts';

export interface TranslationEdition {
  entry: TranslationLockEntry;
  language: TranslationLanguage;
  /** Name and translator as the header writes them, with Tanzil's "=" for "-" undone. */
  name: string;
  translator: string;
  isDefault: boolean;
  /** Corrections applied, for the manifest. */
  corrections: number;
  /** surahs[s - 1][v - 1]: the served text of verse s:v. */
  surahs: string[][];
}

/** Problems reported per edition: a wrong script or file would otherwise print every verse. */
const MAX_PROBLEMS_PER_EDITION = 20;

/** The verses the API already serves in these languages, keyed by Tanzil id. */
const SERVED_TEXT: Readonly<Record<string, 'english' | 'bengali'>> = { 'en.sahih': 'english', 'bn.bengali': 'bengali' };

/** Tanzil writes "-" as "=" inside the XML comment that holds the header ("al=Hilali"). */
function headerText(value: string): string {
  return value.replaceAll('=', '-');
}

function consistencyProblems(id: string, surahs: readonly string[][], quran: readonly QuranSurah[]): string[] {
  const field = SERVED_TEXT[id];
  if (field === undefined) return [];
  const problems: string[] = [];
  quran.forEach((surah, s) =>
    surah.verses.forEach((verse, v) => {
      if (normalizeVerse(verse.text[field]) !== surahs[s]?.[v])
        problems.push(`${id} ${s + 1}:${v + 1}: differs from the text.${field} every verse serves`);
    }),
  );
  return problems;
}

/** One vendored edition, checked; the build takes one at a time so only one edition's text is in memory. */
export function buildTranslationEdition(
  raw: RawTranslations,
  editions: TranslationEditions,
  entry: TranslationLockEntry,
  quran: readonly QuranSurah[],
): Checked<TranslationEdition> {
  const parsed = readVendoredTranslation(entry, raw.files.get(entry.id) as Buffer);
  const file = correctionsFile(entry.id);
  const corrections = checkVerseCorrections(raw.corrections.get(entry.id), file);
  if (!parsed.ok || !corrections.ok)
    return { ok: false, errors: [...(parsed.ok ? [] : parsed.errors), ...(corrections.ok ? [] : corrections.errors)] };
  const served = applyVerseCorrections(parsed.value.surahs, corrections.value, file);
  if (!served.ok) return served;
  const language = languageOf(editions, entry.id);
  const errors = [
    ...scriptProblems(served.value, language.script, scriptAllowances(editions, entry.id)).map(
      (p) => `${entry.id} ${p.verse}: ${p.problem}`,
    ),
    ...consistencyProblems(entry.id, served.value, quran),
  ];
  if (errors.length > MAX_PROBLEMS_PER_EDITION) {
    const more = errors.length - MAX_PROBLEMS_PER_EDITION;
    return {
      ok: false,
      errors: [...errors.slice(0, MAX_PROBLEMS_PER_EDITION), `${entry.id}: and ${more} more problems`],
    };
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      entry,
      language,
      name: headerText(entry.header.name),
      translator: headerText(entry.header.translator),
      isDefault: language.default === entry.id,
      corrections: corrections.value.length,
      surahs: served.value,
    },
  };
}

export { checkTranslationEditions };

/** The fold each edition's search index is built and queried with. */
export function foldOf(edition: TranslationEdition): TranslationFold {
  return SCRIPTS[edition.language.script].fold;
}
