// The translations' part of the tree, edition by edition: each is checked
// (build-translations.ts), rendered into its surah files and its search index as bytes,
// and dropped, so the build holds one edition's text at a time beside the finished bytes.
import type { Manifest } from '@ira/core/contract/content-format';
import type { Checked, QuranSurah } from './content-types.ts';
import { buildTranslationEdition, checkTranslationEditions, type TranslationEdition } from './build-translations.ts';
import type { RawTranslations } from './read-translations.ts';
import { renderTranslationIndex, translationSearchPath } from './render-translation-search.ts';
import {
  renderTranslationSurah,
  TRANSLATIONS_LIST_PATH,
  translationRecord,
  translationSurahPath,
} from './render-translations.ts';
import { jsonLines } from './json-lines.ts';
import { correctionsFile } from './translation-corrections.ts';

export interface TranslationTree {
  files: Map<string, Buffer>;
  /** Manifest entries: every edition with its Tanzil version, source copy and corrections. */
  sources: Manifest['sources'];
}

function editionFiles(edition: TranslationEdition, files: Map<string, Buffer>): void {
  edition.surahs.forEach((verses, i) => {
    files.set(translationSurahPath(edition.entry.id, i + 1), Buffer.from(renderTranslationSurah(verses)));
  });
  files.set(translationSearchPath(edition.entry.id), Buffer.from(renderTranslationIndex(edition)));
}

function sourceLine(edition: TranslationEdition): string {
  const { entry } = edition;
  const copy = `${entry.source.repository}@${entry.source.commit.slice(0, 7)} ${entry.source.path}`;
  const corrections =
    edition.corrections === 0
      ? 'no corrections'
      : `${edition.corrections} reviewed corrections (static-data/source/${correctionsFile(entry.id)})`;
  const tanzil = `tanzil.net ${entry.id} (${entry.version})`;
  return `${edition.translator}, ${tanzil}, the copy at ${copy}, sha256 ${entry.sha256.slice(0, 12)}; ${corrections}`;
}

export function renderTranslationTree(raw: RawTranslations, quran: readonly QuranSurah[]): Checked<TranslationTree> {
  const editions = checkTranslationEditions(raw.editions, raw.lock);
  if (!editions.ok) return editions;
  const files = new Map<string, Buffer>();
  const records: string[] = [];
  const sources: Manifest['sources'] = {};
  const errors: string[] = [];
  for (const entry of raw.lock.editions) {
    const edition = buildTranslationEdition(raw, editions.value, entry, quran);
    if (!edition.ok) {
      errors.push(...edition.errors.slice(0, 100));
      continue;
    }
    editionFiles(edition.value, files);
    records.push(translationRecord(edition.value));
    sources[`translation-${entry.id}`] = sourceLine(edition.value);
  }
  if (errors.length > 0) return { ok: false, errors };
  files.set(TRANSLATIONS_LIST_PATH, Buffer.from(jsonLines(records)));
  const languages = new Set(raw.lock.editions.map((entry) => entry.id.split('.')[0])).size;
  sources.translations =
    `${raw.lock.editions.length} Tanzil translation editions in ${languages} languages (tanzil.net/trans), ` +
    `pinned in static-data/source/translations/translations.lock.json (sha256 ${raw.digests.lock}), ` +
    `described in static-data/source/translations/editions.json (sha256 ${raw.digests.editions})`;
  return { ok: true, value: { files, sources } };
}
