// Reads the content sources: the hand-authored files under static-data/source and the
// Quran text of the pinned quran-json package.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Checked } from './content-types.ts';
import { TEXT_CORRECTION_FIELDS, type RawCorrections } from './corrections.ts';
import { PUNCTUATED_LANGUAGES, type PunctuatedLanguage } from './punctuation.ts';
import type { QuranJsonFiles } from './quran-join.ts';

const require = createRequire(import.meta.url);

export interface RawSources {
  names: unknown;
  reciters: unknown;
  /** static-data/source/surah-names-bn.json: surah names in Bengali script. */
  surahNamesBn: unknown;
  quran: QuranJsonFiles;
  /** static-data/source/corrections/*.json, parsed, unchecked. */
  corrections: RawCorrections;
  /** static-data/source/punctuation/*.json, parsed, unchecked. */
  punctuation: Record<PunctuatedLanguage, unknown>;
  versions: { quranJson: string; quranMeta: string };
  /** The version of a file that has no other: the start of the SHA-256 of its bytes. */
  digests: SourceDigests;
}

export interface SourceDigests {
  names: string;
  reciters: string;
  surahNamesBn: string;
  /** quran-json's dist/quran.json: QuranEnc numbers no version of its Arabic text. */
  arabic: string;
}

/** 12 hex digits (48 bits) name a file's version unambiguously among its revisions. */
const DIGEST_HEX_DIGITS = 12;

/** Directory of the installed quran-json package (its `dist/` holds the text files). */
export function defaultQuranJsonDir(): string {
  return dirname(require.resolve('quran-json/package.json'));
}

async function readBytes(path: string, label: string, errors: string[]): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    errors.push(`${label}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    return undefined;
  }
}

function parseJson(bytes: Buffer | undefined, label: string, errors: string[]): unknown {
  if (bytes === undefined) return undefined;
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (error) {
    errors.push(`${label}: not valid JSON (${(error as Error).message})`);
    return undefined;
  }
}

async function readJson(path: string, label: string, errors: string[]): Promise<unknown> {
  return parseJson(await readBytes(path, label, errors), label, errors);
}

/** A file's parsed JSON and its digest, the start of the SHA-256 of its bytes ('' when it cannot be read). */
async function readJsonWithDigest(
  path: string,
  label: string,
  errors: string[],
): Promise<{ value: unknown; digest: string }> {
  const bytes = await readBytes(path, label, errors);
  const digest =
    bytes === undefined ? '' : createHash('sha256').update(bytes).digest('hex').slice(0, DIGEST_HEX_DIGITS);
  return { value: parseJson(bytes, label, errors), digest };
}

async function packageVersion(packageJsonPath: string, label: string, errors: string[]): Promise<string> {
  const manifest = await readJson(packageJsonPath, label, errors);
  const version = (manifest as { version?: unknown } | undefined)?.version;
  return typeof version === 'string' ? version : '';
}

export async function readSources(sourceDir: string, quranJsonDir: string): Promise<Checked<RawSources>> {
  const errors: string[] = [];
  const own = (file: string) => readJsonWithDigest(join(sourceDir, file), file, errors);
  const dist = (file: string) => readJson(join(quranJsonDir, 'dist', file), `quran-json ${file}`, errors);
  const [names, reciters, surahNamesBn, arabic, english, bengali, transliteration, quranJson, quranMeta] =
    await Promise.all([
      own('names.json'),
      own('reciters.json'),
      own('surah-names-bn.json'),
      readJsonWithDigest(join(quranJsonDir, 'dist', 'quran.json'), 'quran-json quran.json', errors),
      dist('quran_en.json'),
      dist('quran_bn.json'),
      dist('quran_transliteration.json'),
      packageVersion(join(quranJsonDir, 'package.json'), 'quran-json package.json', errors),
      packageVersion(require.resolve('quran-meta/package.json'), 'quran-meta package.json', errors),
    ]);
  const [corrections, punctuation] = await Promise.all([
    readCorrections(sourceDir, errors),
    readPunctuation(sourceDir, errors),
  ]);
  // Sorted: the reads run together and finish in any order.
  if (errors.length > 0) return { ok: false, errors: errors.sort() };
  const digests: SourceDigests = {
    names: names.digest,
    reciters: reciters.digest,
    surahNamesBn: surahNamesBn.digest,
    arabic: arabic.digest,
  };
  return {
    ok: true,
    value: {
      names: names.value,
      reciters: reciters.value,
      surahNamesBn: surahNamesBn.value,
      quran: { arabic: arabic.value, english, bengali, transliteration },
      corrections,
      punctuation,
      versions: { quranJson, quranMeta },
      digests,
    },
  };
}

async function readCorrections(sourceDir: string, errors: string[]): Promise<RawCorrections> {
  const read = (name: string) =>
    readJson(join(sourceDir, 'corrections', `${name}.json`), `corrections/${name}.json`, errors);
  const text = await Promise.all(TEXT_CORRECTION_FIELDS.map(read));
  const [surahNames, positions] = await Promise.all([read('surah-names'), read('positions')]);
  return {
    text: Object.fromEntries(TEXT_CORRECTION_FIELDS.map((field, i) => [field, text[i]])) as RawCorrections['text'],
    surahNames,
    positions,
  };
}

/** Tanzil's translation ids name the files: punctuation/en.sahih.json, punctuation/bn.bengali.json. */
export const PUNCTUATION_FILES: Record<PunctuatedLanguage, string> = {
  english: 'en.sahih.json',
  bengali: 'bn.bengali.json',
};

async function readPunctuation(sourceDir: string, errors: string[]): Promise<Record<PunctuatedLanguage, unknown>> {
  const files = await Promise.all(
    PUNCTUATED_LANGUAGES.map((language) =>
      readJson(
        join(sourceDir, 'punctuation', PUNCTUATION_FILES[language]),
        `punctuation/${PUNCTUATION_FILES[language]}`,
        errors,
      ),
    ),
  );
  return { english: files[0], bengali: files[1] };
}
