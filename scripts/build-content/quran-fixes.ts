// What the build changes in the joined upstream Quran data, in order: the translations'
// edge punctuation comes back (punctuation.ts), then the reviewed corrections apply
// (corrections.ts). Both are sources of their own and named in the manifest.
import type { Manifest } from '@ira/core/contract/content-format';
import { applyCorrections, checkCorrections, TEXT_CORRECTION_FIELDS } from './corrections.ts';
import type { Checked, QuranSurah } from './content-types.ts';
import {
  checkPunctuationPatch,
  PUNCTUATED_LANGUAGES,
  restorePunctuation,
  type PunctuationPatch,
} from './punctuation.ts';
import { PUNCTUATION_FILES, type RawSources } from './read-sources.ts';

export interface FixedQuran {
  surahs: QuranSurah[];
  /** Manifest entries naming the punctuation sources and counting the corrections. */
  sources: Manifest['sources'];
}

export function fixQuran(
  joined: readonly QuranSurah[],
  raw: Pick<RawSources, 'corrections' | 'punctuation'>,
): Checked<FixedQuran> {
  const patches = PUNCTUATED_LANGUAGES.map((language) =>
    checkPunctuationPatch(raw.punctuation[language], `punctuation/${PUNCTUATION_FILES[language]}`),
  );
  const corrections = checkCorrections(raw.corrections);
  const errors = [...patches, corrections].flatMap((checked) => (checked.ok ? [] : checked.errors));
  if (errors.length > 0 || !corrections.ok) return { ok: false, errors };
  let surahs: QuranSurah[] = [...joined];
  const sources: Manifest['sources'] = {};
  for (const [i, language] of PUNCTUATED_LANGUAGES.entries()) {
    const patch = (patches[i] as { value: PunctuationPatch }).value;
    const restored = restorePunctuation(surahs, language, patch);
    if (!restored.ok) return restored;
    surahs = restored.value;
    sources[`punctuation-${language}`] =
      `${patch.source}; restored in ${Object.keys(patch.verses).length} verses ` +
      `(static-data/source/punctuation/${PUNCTUATION_FILES[language]})`;
  }
  const corrected = applyCorrections(surahs, corrections.value);
  if (!corrected.ok) return corrected;
  for (const field of TEXT_CORRECTION_FIELDS) {
    sources[`corrections-${field}`] =
      `${corrections.value.text[field].length} reviewed corrections (static-data/source/corrections/${field}.json)`;
  }
  sources['corrections-surah-names'] =
    `${corrections.value.surahNames.length} reviewed corrections (static-data/source/corrections/surah-names.json)`;
  sources['corrections-positions'] =
    `${corrections.value.positions.length} reviewed corrections (static-data/source/corrections/positions.json)`;
  return { ok: true, value: { surahs: corrected.value, sources } };
}
