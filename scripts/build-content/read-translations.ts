// Reads static-data/source/translations/: the lock (which Tanzil files are vendored),
// editions.json (languages, defaults, allowances), every <id>.xml.gz and every reviewed
// corrections file. English and Bengali keep their corrections beside the other Quran
// corrections (static-data/source/corrections/), which read-sources.ts reads.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Checked } from './content-types.ts';
import { correctionsFile } from './translation-corrections.ts';
import { checkTranslationLock, type TranslationLock } from './translation-lock.ts';

export const TRANSLATIONS_DIR = 'translations';
const LOCK_FILE = 'translations.lock.json';
const EDITIONS_FILE = 'editions.json';

export interface RawTranslations {
  lock: TranslationLock;
  /** editions.json, parsed, unchecked. */
  editions: unknown;
  /** Edition id → the gzipped XML as vendored. */
  files: ReadonlyMap<string, Buffer>;
  /** Edition id → its corrections file, parsed, unchecked (absent when the edition has none). */
  corrections: ReadonlyMap<string, unknown>;
  /** The start of the SHA-256 of the lock and of editions.json, their version in the manifest. */
  digests: { lock: string; editions: string };
}

/** 12 hex digits, as read-sources.ts versions the project's own files. */
const DIGEST_HEX_DIGITS = 12;

/** A JSON file's value and digest ('' when it cannot be read or parsed, reported in `errors`). */
async function readJsonFile(
  path: string,
  label: string,
  errors: string[],
): Promise<{ value: unknown; digest: string }> {
  try {
    const bytes = await readFile(path);
    const digest = createHash('sha256').update(bytes).digest('hex').slice(0, DIGEST_HEX_DIGITS);
    return { value: JSON.parse(bytes.toString('utf8')), digest };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const problem = code === undefined ? `not valid JSON (${(error as Error).message})` : `cannot read (${code})`;
    errors.push(`${label}: ${problem}`);
    return { value: undefined, digest: '' };
  }
}

/** The corrections files present: translations/corrections/<id>.json, and English's and Bengali's own. */
async function listCorrections(sourceDir: string, lock: TranslationLock): Promise<Set<string>> {
  const present = new Set<string>();
  const own = await readdir(join(sourceDir, TRANSLATIONS_DIR, 'corrections')).catch(() => [] as string[]);
  for (const entry of lock.editions) {
    const file = correctionsFile(entry.id);
    const inOwnDir = file.startsWith(`${TRANSLATIONS_DIR}/`);
    if (!inOwnDir || own.includes(`${entry.id}.json`)) present.add(entry.id);
  }
  return present;
}

export async function readTranslations(sourceDir: string): Promise<Checked<RawTranslations>> {
  const errors: string[] = [];
  const dir = join(sourceDir, TRANSLATIONS_DIR);
  const [rawLock, editions] = await Promise.all([
    readJsonFile(join(dir, LOCK_FILE), `${TRANSLATIONS_DIR}/${LOCK_FILE}`, errors),
    readJsonFile(join(dir, EDITIONS_FILE), `${TRANSLATIONS_DIR}/${EDITIONS_FILE}`, errors),
  ]);
  const lock = rawLock.value === undefined ? undefined : checkTranslationLock(rawLock.value);
  if (lock !== undefined && !lock.ok) errors.push(...lock.errors);
  if (errors.length > 0 || lock === undefined || !lock.ok) return { ok: false, errors };
  const withCorrections = await listCorrections(sourceDir, lock.value);
  const files = new Map<string, Buffer>();
  const corrections = new Map<string, unknown>();
  await Promise.all(
    lock.value.editions.map(async (entry) => {
      try {
        files.set(entry.id, await readFile(join(dir, entry.file)));
      } catch (error) {
        errors.push(
          `${TRANSLATIONS_DIR}/${entry.file}: cannot read (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        );
      }
      if (!withCorrections.has(entry.id)) return;
      const file = correctionsFile(entry.id);
      corrections.set(entry.id, (await readJsonFile(join(sourceDir, file), file, errors)).value);
    }),
  );
  if (errors.length > 0) return { ok: false, errors };
  const digests = { lock: rawLock.digest, editions: editions.digest };
  return { ok: true, value: { lock: lock.value, editions: editions.value, files, corrections, digests } };
}
