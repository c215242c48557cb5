// The reciter catalogue and the verse count of every surah, read from the content tree
// (verified against its manifest) as the edge reads them.
import type { Reciter, SurahRecord } from '@ira/core/contract/content-format';
import type { Config } from '@ira/core/runtime/config';
import { openContentSource } from '@ira/core/runtime/content-source';

export interface Catalogue {
  reciters: readonly Reciter[];
  /** Verses of surah n at index n - 1. */
  verseCounts: readonly number[];
}

export async function readCatalogue(config: Pick<Config, 'contentDir' | 'contentOrigin'>): Promise<Catalogue> {
  const source = await openContentSource(config);
  const [reciters, surahs] = await Promise.all(
    ['quran/reciters.json', 'quran/surahs.json'].map(async (file) => JSON.parse((await source.read(file)).toString())),
  );
  return {
    reciters: reciters as Reciter[],
    verseCounts: (surahs as SurahRecord[]).map((surah) => surah.verses_count),
  };
}

/** SSSVVV ids of every verse of surahs `from` to `to`, with the surah each belongs to. */
export function verseIds(verseCounts: readonly number[], from: number, to: number): { surah: number; id: string }[] {
  const ids: { surah: number; id: string }[] = [];
  for (let surah = from; surah <= to; surah++) {
    for (let verse = 1; verse <= verseCounts[surah - 1]!; verse++)
      ids.push({ surah, id: `${String(surah).padStart(3, '0')}${String(verse).padStart(3, '0')}` });
  }
  return ids;
}
