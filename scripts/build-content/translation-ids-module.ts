// Writes packages/core/src/contract/translation-ids.ts from the lock: the editions the tree
// serves and their language codes, which the OpenAPI document lists as the values of
// `translations`, `translation` and a search's `lang`. vendor-translations.ts rewrites it with
// the lock; a data test (static-data/test/translations.test.ts) holds the two together.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TranslationLock } from './translation-lock.ts';

export const TRANSLATION_IDS_MODULE = fileURLToPath(
  new URL('../../packages/core/src/contract/translation-ids.ts', import.meta.url),
);

const quoted = (values: readonly string[]): string => values.map((value) => `  '${value}',`).join('\n');

export function translationIdsSource(lock: TranslationLock): string {
  const ids = lock.editions.map((entry) => entry.id);
  const codes = [...new Set(ids.map((id) => id.split('.')[0] as string))].sort();
  return `// Written by scripts/build-content/translation-ids-module.ts from static-data/source/translations/
// translations.lock.json: do not edit. The translation editions of the content tree, by Tanzil id, and their
// language codes (a code selects its language's default edition).
export const TRANSLATION_EDITION_IDS = [
${quoted(ids)}
] as const;

export const TRANSLATION_LANGUAGE_CODES = [
${quoted(codes)}
] as const;
`;
}

export function writeTranslationIdsModule(lock: TranslationLock): void {
  writeFileSync(TRANSLATION_IDS_MODULE, translationIdsSource(lock));
}
