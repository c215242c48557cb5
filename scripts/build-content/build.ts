// The content build: validate the sources, render every file of static-data/dist in
// memory, add the manifest, and swap the finished tree into place.
import { checkNames } from './check-names.ts';
import { checkReciters } from './check-reciters.ts';
import { checkSurahNamesBn } from './check-surah-names.ts';
import type { Checked, QuranSurah } from './content-types.ts';
import { MANIFEST_PATH, renderManifest } from './manifest.ts';
import { DATASET_LICENCES, manifestSources } from './manifest-sources.ts';
import { buildPlaces, PLACES_LICENCE, type BuiltPlaces, type PlacesReport } from './places/build-places.ts';
import { readGazetteer } from './places/read-gazetteer.ts';
import { fixQuran, type FixedQuran } from './quran-fixes.ts';
import { joinQuran } from './quran-join.ts';
import { defaultQuranJsonDir, readSources, type RawSources } from './read-sources.ts';
import { renderDivisions } from './render-divisions.ts';
import { renderNames } from './render-names.ts';
import { renderQuran, renderReciters } from './render-quran.ts';
import { renderSearchIndex } from './render-search-index.ts';
import { renderTranslationTree } from './render-translation-tree.ts';
import { readTranslations, type RawTranslations } from './read-translations.ts';
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
  places: PlacesReport;
}

// The gazetteer depends on the pinned packages alone, not on the source directory: one
// build of it per process (the build tests build the tree several times).
let placesBuilt: Promise<Checked<BuiltPlaces>> | undefined;
function builtPlaces(): Promise<Checked<BuiltPlaces>> {
  placesBuilt ??= readGazetteer().then((raw) => (raw.ok ? buildPlaces(raw.value) : raw));
  return placesBuilt;
}

/** Every file of the tree, manifest included, as relative path → bytes. */
export function renderTree(
  raw: RawSources,
  places: BuiltPlaces,
  translations: RawTranslations,
): Checked<Map<string, Buffer>> {
  const names = checkNames(raw.names);
  const reciters = checkReciters(raw.reciters);
  const surahNamesBn = checkSurahNamesBn(raw.surahNamesBn);
  // The Quran join needs the Bengali names; with bad names, report those and skip the join.
  const joined: Checked<QuranSurah[]> = surahNamesBn.ok
    ? joinQuran(raw.quran, surahNamesBn.value)
    : { ok: false, errors: [] };
  const fixed: Checked<FixedQuran> = joined.ok ? fixQuran(joined.value, raw) : joined;
  const quran: Checked<QuranSurah[]> = fixed.ok ? { ok: true, value: fixed.value.surahs } : fixed;
  const errors = [names, reciters, surahNamesBn, quran].flatMap((checked) => (checked.ok ? [] : checked.errors));
  if (!names.ok || !reciters.ok || !quran.ok) return { ok: false, errors };
  const divisions = renderDivisions(quran.value);
  if (!divisions.ok) return divisions;
  // The editions' files come as bytes, one edition at a time (render-translation-tree.ts).
  const translated = renderTranslationTree(translations, quran.value);
  if (!translated.ok) return translated;
  const texts = new Map([
    ...renderNames(names.value),
    ...renderQuran(quran.value),
    ...divisions.value,
    ...renderSearchIndex(quran.value),
    ...places.files,
  ]);
  texts.set('quran/reciters.json', renderReciters(reciters.value));
  const files = new Map<string, Buffer>([...texts].map(([path, text]) => [path, Buffer.from(text)] as const));
  for (const [path, bytes] of translated.value.files) files.set(path, bytes);
  const fixes = { ...(fixed.ok ? fixed.value.sources : {}), ...translated.value.sources };
  const sources = { ...manifestSources(raw, fixes), ...places.sources };
  files.set(MANIFEST_PATH, renderManifest(files, sources, { ...DATASET_LICENCES, places: PLACES_LICENCE }));
  return { ok: true, value: files };
}

export async function buildContent(options: BuildOptions): Promise<Checked<BuildSummary>> {
  const [raw, places, translations] = await Promise.all([
    readSources(options.sourceDir, options.quranJsonDir ?? defaultQuranJsonDir()),
    builtPlaces(),
    readTranslations(options.sourceDir),
  ]);
  if (!raw.ok || !places.ok || !translations.ok) {
    return { ok: false, errors: [raw, places, translations].flatMap((r) => (r.ok ? [] : r.errors)) };
  }
  const tree = renderTree(raw.value, places.value, translations.value);
  if (!tree.ok) return tree;
  await writeTreeAtomically(options.outDir, tree.value);
  let bytes = 0;
  for (const file of tree.value.values()) bytes += file.length;
  return { ok: true, value: { files: tree.value.size, bytes, places: places.value.report } };
}
