// The content build: validate the sources, render every file of static-data/dist in
// memory, add the manifest, and swap the finished tree into place.
import { checkNames } from './check-names.ts';
import { checkReciters } from './check-reciters.ts';
import { checkSurahNamesBn } from './check-surah-names.ts';
import type { Checked, QuranSurah } from './content-types.ts';
import { MANIFEST_PATH, renderManifest, type ManifestSources } from './manifest.ts';
import { fixQuran, type FixedQuran } from './quran-fixes.ts';
import { joinQuran } from './quran-join.ts';
import { defaultQuranJsonDir, readSources, type RawSources } from './read-sources.ts';
import { renderDivisions } from './render-divisions.ts';
import { renderNames } from './render-names.ts';
import { renderQuran, renderReciters } from './render-quran.ts';
import { renderSearchIndex } from './render-search-index.ts';
import { writeTreeAtomically } from './write-tree.ts';

export interface BuildOptions {
  /** Directory holding names.json, reciters.json and surah-names-bn.json. */
  sourceDir: string;
  /** The tree to (re)place, normally static-data/dist. */
  outDir: string;
  /** Installed quran-json package directory; defaults to the resolved dependency. */
  quranJsonDir?: string;
}

export interface BuildSummary {
  files: number;
  bytes: number;
}

/**
 * Each dataset with its upstream and version (README "Data sources and licences" gives
 * their terms); `fixes` adds the punctuation sources and the correction counts.
 */
function manifestSources(versions: RawSources['versions'], fixes: ManifestSources): ManifestSources {
  const viaJson = `via quran-json ${versions.quranJson}`;
  return {
    'quran-json': versions.quranJson,
    'quran-meta': versions.quranMeta,
    arabic: `Uthmani text (King Fahd Complex Hafs text) of The Noble Qur'an Encyclopedia (quranenc.com), ${viaJson}; checked against KFGQPC Hafs v2.0`,
    english: `Saheeh International (Umm Muhammad), tanzil.net en.sahih (Last Update: April 24, 2011), ${viaJson}`,
    bengali: `Muhiuddin Khan, tanzil.net bn.bengali (Last Update: April 30, 2011), ${viaJson}`,
    transliteration: `tanzil.net en.transliteration (Last Update: September 6, 2010), ${viaJson}, long-vowel markup removed`,
    positions: `Tanzil Quran metadata (tanzil.net/docs/quran_metadata), via quran-meta ${versions.quranMeta}`,
    'surah-names-bengali': 'surah names in Bengali script, hand-authored (static-data/source/surah-names-bn.json)',
    ...fixes,
  };
}

/** Every file of the tree, manifest included, as relative path → bytes. */
export function renderTree(raw: RawSources): Checked<Map<string, Buffer>> {
  const names = checkNames(raw.names);
  const reciters = checkReciters(raw.reciters);
  const surahNamesBn = checkSurahNamesBn(raw.surahNamesBn);
  // The Quran join needs the Bengali names; with bad names, report those and skip the join.
  const joined: Checked<QuranSurah[]> = surahNamesBn.ok ? joinQuran(raw.quran, surahNamesBn.value) : { ok: false, errors: [] };
  const fixed: Checked<FixedQuran> = joined.ok ? fixQuran(joined.value, raw) : joined;
  const quran: Checked<QuranSurah[]> = fixed.ok ? { ok: true, value: fixed.value.surahs } : fixed;
  const errors = [names, reciters, surahNamesBn, quran].flatMap((checked) => (checked.ok ? [] : checked.errors));
  if (!names.ok || !reciters.ok || !quran.ok) return { ok: false, errors };
  const divisions = renderDivisions(quran.value);
  if (!divisions.ok) return divisions;
  const texts = new Map([...renderNames(names.value), ...renderQuran(quran.value), ...divisions.value, ...renderSearchIndex(quran.value)]);
  texts.set('quran/reciters.json', renderReciters(reciters.value));
  const files = new Map<string, Buffer>([...texts].map(([path, text]) => [path, Buffer.from(text)] as const));
  files.set(MANIFEST_PATH, renderManifest(files, manifestSources(raw.versions, fixed.ok ? fixed.value.sources : {})));
  return { ok: true, value: files };
}

export async function buildContent(options: BuildOptions): Promise<Checked<BuildSummary>> {
  const raw = await readSources(options.sourceDir, options.quranJsonDir ?? defaultQuranJsonDir());
  if (!raw.ok) return raw;
  const tree = renderTree(raw.value);
  if (!tree.ok) return tree;
  await writeTreeAtomically(options.outDir, tree.value);
  let bytes = 0;
  for (const file of tree.value.values()) bytes += file.length;
  return { ok: true, value: { files: tree.value.size, bytes } };
}
