// Verses by their position in the whole Quran (1..6236), across surah boundaries:
// what divisions, ranges and search results are made of.
import type { QuranContent } from './quran-content.ts';
import type { PreparedSurah, PreparedVerse } from './surah-slices.ts';
import { verseAt } from './params.ts';

/** `count` verses from position `first` on, in order (clipped at the end of the Quran). */
export async function versesFrom(quran: QuranContent, first: number, count: number): Promise<PreparedVerse[]> {
  const verses: PreparedVerse[] = [];
  const last = Math.min(first + count - 1, quran.index.total);
  if (first > last) return verses;
  let { surah, verse } = verseAt(quran.index, first);
  while (verses.length < last - first + 1) {
    const prepared = await quran.surah(surah);
    for (let i = verse - 1; i < prepared.verses.length && verses.length < last - first + 1; i++)
      verses.push(prepared.verses[i]!);
    surah += 1;
    verse = 1;
  }
  return verses;
}

/** The verse at each position (each may be in a different surah); each surah is asked for once. */
export async function versesAt(quran: QuranContent, positions: readonly number[]): Promise<PreparedVerse[]> {
  const places = positions.map((n) => verseAt(quran.index, n));
  const surahs = new Map<number, PreparedSurah>();
  for (const { surah } of places) if (!surahs.has(surah)) surahs.set(surah, await quran.surah(surah));
  return places.map(({ surah, verse }) => surahs.get(surah)!.verses[verse - 1]!);
}
