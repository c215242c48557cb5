// What manifest.json says about the sources: each dataset with its upstream and version,
// and the licence or terms each dataset is served under. README "Data sources and
// licences" and the portal's data guide state the same terms per dataset; a data test
// (static-data/test/licences.test.ts) holds the three together.
import type { Manifest } from '@ira/core/contract/content-format';
import type { RawSources } from './read-sources.ts';

const TANZIL_TRANSLATIONS = "Tanzil's terms for translations: non-commercial only";
const PROJECT_DATA = 'CC BY-SA 4.0';

/** The licence or terms of each dataset, keyed as in `sources`. */
export const DATASET_LICENCES: Manifest['licences'] = {
  arabic: "QuranEnc's terms: no modification; name QuranEnc.com as the source",
  english: TANZIL_TRANSLATIONS,
  bengali: TANZIL_TRANSLATIONS,
  transliteration: TANZIL_TRANSLATIONS,
  translations: TANZIL_TRANSLATIONS,
  positions: 'CC BY 3.0',
  'surah-names-bengali': PROJECT_DATA,
  names: PROJECT_DATA,
  reciters: PROJECT_DATA,
};

/**
 * Each dataset with its upstream and version. The project's own files have no version
 * number, so their SHA-256 (first digits) names the revision; `fixes` adds the
 * punctuation sources and the correction counts.
 */
export function manifestSources(
  raw: Pick<RawSources, 'versions' | 'digests'>,
  fixes: Manifest['sources'],
): Manifest['sources'] {
  const { versions, digests } = raw;
  const viaJson = `via quran-json ${versions.quranJson}`;
  return {
    'quran-json': versions.quranJson,
    'quran-meta': versions.quranMeta,
    arabic:
      `Uthmani text (King Fahd Complex Hafs text) of The Noble Qur'an Encyclopedia (quranenc.com), ${viaJson}; ` +
      `text version: quran-json ${versions.quranJson} dist/quran.json, sha256 ${digests.arabic} ` +
      '(QuranEnc numbers no version of it); checked against KFGQPC Hafs v2.0',
    english: `Saheeh International (Umm Muhammad), tanzil.net en.sahih (Last Update: April 24, 2011), ${viaJson}`,
    bengali: `Muhiuddin Khan, tanzil.net bn.bengali (Last Update: April 30, 2011), ${viaJson}`,
    transliteration:
      `tanzil.net en.transliteration (Last Update: September 6, 2010), ${viaJson}, ` + 'long-vowel markup removed',
    positions: `Tanzil Quran metadata (tanzil.net/docs/quran_metadata), via quran-meta ${versions.quranMeta}`,
    'surah-names-bengali':
      'surah names in Bengali script, hand-authored ' +
      `(static-data/source/surah-names-bn.json, sha256 ${digests.surahNamesBn})`,
    names:
      'the 99 Names: Arabic, transliterations, translations and meanings in English and Bengali, ' +
      `written for this project (static-data/source/names.json, sha256 ${digests.names})`,
    reciters:
      `reciter catalogue, written for this project (static-data/source/reciters.json, sha256 ${digests.reciters}); ` +
      "each remote reciter's audio comes from the origin its entry names",
    ...fixes,
  };
}
