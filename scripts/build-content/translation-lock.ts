// static-data/source/translations/translations.lock.json: which Tanzil translation files
// are vendored, pinned the way a lockfile pins a package (Tanzil id, version line, where
// the copy came from, the SHA-256 of its bytes). The build reads each <id>.xml.gz, and
// refuses it when its bytes, its id or its version line differ from its entry.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { Checked } from './content-types.ts';
import { parseTanzilXml, type TanzilTranslation } from './tanzil-xml.ts';

/** Tanzil's terms for its translations (tanzil.net/trans), in one sentence. */
export const TANZIL_TRANSLATION_TERMS =
  "Tanzil's terms for translations: non-commercial only; " +
  "other use needs the translator's or publisher's permission; link back to tanzil.net/trans";

export interface TranslationLockEntry {
  id: string;
  file: string;
  /** The header's version line, e.g. "Last Update: June 4, 2010". */
  version: string;
  /** The header's own words (Tanzil writes "-" as "=" inside the XML comment). */
  header: { name: string; translator: string; language: string };
  source: { repository: string; commit: string; path: string };
  /** Of the XML bytes, before gzip. */
  sha256: string;
  bytes: number;
  licence: string;
}

export interface TranslationLock {
  about: string;
  editions: TranslationLockEntry[];
}

const TANZIL_ID = /^[a-z]{2,3}\.[a-z]+$/;
const HEX_SHA256 = /^[0-9a-f]{64}$/;
const HEX_COMMIT = /^[0-9a-f]{40}$/;
const FILE = 'translations/translations.lock.json';

function entryProblems(entry: TranslationLockEntry): string[] {
  const problems: string[] = [];
  if (!TANZIL_ID.test(entry.id ?? '')) problems.push('id must be a Tanzil id such as "id.indonesian"');
  if (entry.file !== `${entry.id}.xml.gz`) problems.push(`file must be "${entry.id}.xml.gz"`);
  if (!/^Last Update: .+/.test(entry.version ?? ''))
    problems.push('version must be the header\'s "Last Update: …" line');
  const { name, translator, language } = entry.header ?? {};
  if (![name, translator, language].every((field) => typeof field === 'string' && field !== ''))
    problems.push('header needs name, translator and language');
  const { repository, commit, path } = entry.source ?? {};
  if (
    !/^github\.com\/[\w.-]+\/[\w.-]+$/.test(repository ?? '') ||
    !HEX_COMMIT.test(commit ?? '') ||
    typeof path !== 'string'
  ) {
    problems.push('source needs repository (github.com/OWNER/NAME), a 40-digit commit and a path');
  }
  if (!HEX_SHA256.test(entry.sha256 ?? '') || !Number.isInteger(entry.bytes))
    problems.push('sha256 and bytes must describe the XML');
  if (entry.licence !== TANZIL_TRANSLATION_TERMS) problems.push("licence must be Tanzil's terms for translations");
  return problems;
}

export function checkTranslationLock(raw: unknown): Checked<TranslationLock> {
  const lock = raw as Partial<TranslationLock> | undefined;
  if (typeof lock?.about !== 'string' || !Array.isArray(lock.editions))
    return { ok: false, errors: [`${FILE}: must be { "about": "…", "editions": [ … ] }`] };
  const ids = lock.editions.map((entry) => entry?.id);
  const errors = lock.editions.flatMap((entry, i) =>
    entryProblems(entry ?? {}).map((problem) => `${FILE}: edition ${i + 1} (${entry?.id}): ${problem}`),
  );
  const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
  if (duplicates.length > 0) errors.push(`${FILE}: ${duplicates.join(', ')} listed twice`);
  const sorted = [...ids].sort((a, b) => (String(a) < String(b) ? -1 : 1));
  if (sorted.some((id, i) => id !== ids[i])) errors.push(`${FILE}: editions must be sorted by id`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: lock as TranslationLock };
}

/** The vendored file, proven to be the bytes its entry pins, parsed. */
export function readVendoredTranslation(entry: TranslationLockEntry, gzipped: Buffer): Checked<TanzilTranslation> {
  const where = `translations/${entry.file}`;
  let bytes: Buffer;
  try {
    bytes = gunzipSync(gzipped);
  } catch (error) {
    return { ok: false, errors: [`${where}: not gzip (${(error as Error).message})`] };
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== entry.sha256 || bytes.length !== entry.bytes) {
    return {
      ok: false,
      errors: [
        `${where}: the XML has sha256 ${sha256} (${bytes.length} bytes); ` +
          `the lock pins ${entry.sha256} (${entry.bytes} bytes)`,
      ],
    };
  }
  const parsed = parseTanzilXml(bytes.toString('utf8'), where);
  if (!parsed.ok) return parsed;
  const { id, version } = parsed.value.header;
  if (id !== entry.id || version !== entry.version) {
    return {
      ok: false,
      errors: [`${where}: the header says ${id} (${version}); the lock says ${entry.id} (${entry.version})`],
    };
  }
  return parsed;
}
