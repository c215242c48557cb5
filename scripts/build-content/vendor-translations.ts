// Vendors Tanzil translation files from a local git copy of a public repository into
// static-data/source/translations/: each file gzipped unmodified (<id>.xml.gz), and its
// entry in translations.lock.json (Tanzil id, version line, source repository, commit and
// path, SHA-256 and size of the XML), and the edition ids core's OpenAPI document lists
// (translation-ids-module.ts). Run by hand, then review the lock's diff:
//   node scripts/build-content/vendor-translations.ts --git-dir /path/to/QuranTranslations.git \
//     --repository github.com/ZaheeriOS/QuranTranslations --ids id.indonesian,ur.jalandhry
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { writeTranslationIdsModule } from './translation-ids-module.ts';
import { TANZIL_TRANSLATION_TERMS, type TranslationLock, type TranslationLockEntry } from './translation-lock.ts';
import { parseTanzilXml } from './tanzil-xml.ts';

const DEFAULT_OUT = fileURLToPath(new URL('../../static-data/source/translations/', import.meta.url));
const LOCK_FILE = 'translations.lock.json';
const LOCK_ABOUT =
  'The Tanzil translation files vendored here, each gzipped unmodified as <id>.xml.gz: ' +
  'the Tanzil id and version line ' +
  'of its header, where it was copied from, and the SHA-256 and size of the XML (before gzip). Written by ' +
  'scripts/build-content/vendor-translations.ts; the build refuses a file whose bytes or header differ from its entry.';

const { values } = parseArgs({
  options: {
    'git-dir': { type: 'string' },
    repository: { type: 'string' },
    ids: { type: 'string' },
    out: { type: 'string', default: DEFAULT_OUT },
  },
});
const gitDir = values['git-dir'];
if (!gitDir || !values.repository || !values.ids)
  throw new Error('usage: --git-dir DIR --repository github.com/OWNER/NAME --ids a.b,c.d [--out DIR]');

const git = (...args: string[]): Buffer =>
  execFileSync('git', [`--git-dir=${gitDir}`, ...args], { maxBuffer: 64 * 1024 * 1024 });
const commit = git('rev-parse', 'HEAD').toString('utf8').trim();
const lockPath = join(values.out, LOCK_FILE);
const lock: TranslationLock = existsSync(lockPath)
  ? (JSON.parse(readFileSync(lockPath, 'utf8')) as TranslationLock)
  : { about: LOCK_ABOUT, editions: [] };

function vendor(id: string): TranslationLockEntry {
  const path = `${id}.xml`;
  const bytes = git('show', `${commit}:${path}`);
  const parsed = parseTanzilXml(bytes.toString('utf8'), path);
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const { header } = parsed.value;
  if (header.id !== id) throw new Error(`${path}: its header names ${header.id}`);
  // Deterministic gzip: zlib writes no name and no timestamp.
  writeFileSync(join(values.out, `${id}.xml.gz`), gzipSync(bytes, { level: 9 }));
  return {
    id,
    file: `${id}.xml.gz`,
    version: header.version,
    header: { name: header.name, translator: header.translator, language: header.language },
    source: { repository: values.repository as string, commit, path },
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
    licence: TANZIL_TRANSLATION_TERMS,
  };
}

const fresh = values.ids.split(',').map((id) => vendor(id.trim()));
const kept = lock.editions.filter((entry) => !fresh.some((added) => added.id === entry.id));
// Plain code-unit order, so the file is reproducible.
const editions = [...kept, ...fresh].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
writeFileSync(lockPath, `${JSON.stringify({ about: LOCK_ABOUT, editions }, null, 2)}\n`);
writeTranslationIdsModule({ about: LOCK_ABOUT, editions });
console.log(
  `${lockPath}: ${fresh.length} vendored from ${values.repository}@${commit.slice(0, 7)}, ${editions.length} in all`,
);
