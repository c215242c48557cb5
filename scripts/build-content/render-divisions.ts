// Renders the reading divisions of the Quran: quran/divisions/{juz,hizb,rub,page,ruku,
// manzil}.json (one record per division, one per line, so the edge slices each record's
// bytes without re-serialising) and quran/divisions/sajda.json. Each division is a
// contiguous run of verses; the records say where it starts and ends and which surahs
// (with their verse ranges) it spans.
import type { Checked, QuranSurah, SurahRecord, VerseBase } from './content-types.ts';
import { jsonLines } from './json-lines.ts';

type DivisionField = 'juz' | 'hizb' | 'rub_el_hizb' | 'page' | 'ruku' | 'manzil';

/** URL name → verse field and how many there are (Madani mushaf; quran-meta's counts). */
export const DIVISIONS: Record<string, { field: DivisionField; count: number }> = {
  juz: { field: 'juz', count: 30 },
  hizb: { field: 'hizb', count: 60 },
  rub: { field: 'rub_el_hizb', count: 240 },
  page: { field: 'page', count: 604 },
  ruku: { field: 'ruku', count: 556 },
  manzil: { field: 'manzil', count: 7 },
};

export interface SpannedSurah {
  number: number;
  name: SurahRecord['name'];
  verses: { start: number; end: number };
}

export interface DivisionRecord {
  type: string;
  number: number;
  first_verse_key: string;
  last_verse_key: string;
  verses_count: number;
  surahs: SpannedSurah[];
}

export const verseKey = (verse: Pick<VerseBase, 'surah' | 'verse'>): string => `${verse.surah}:${verse.verse}`;

/** The surahs a run of verses touches, each with the verse range inside the run. */
export function spannedSurahs(verses: readonly VerseBase[], records: readonly SurahRecord[]): SpannedSurah[] {
  const spans: SpannedSurah[] = [];
  for (const verse of verses) {
    const last = spans.at(-1);
    if (last?.number === verse.surah) last.verses.end = verse.verse;
    else
      spans.push({
        number: verse.surah,
        name: records[verse.surah - 1]!.name,
        verses: { start: verse.verse, end: verse.verse },
      });
  }
  return spans;
}

function divisionsOf(
  type: string,
  field: DivisionField,
  count: number,
  surahs: readonly QuranSurah[],
): Checked<DivisionRecord[]> {
  const groups: VerseBase[][] = [];
  for (const { verses } of surahs) {
    for (const { base } of verses) {
      const value = base[field];
      if (value === groups.length) groups.at(-1)!.push(base);
      else if (value === groups.length + 1) groups.push([base]);
      else
        return {
          ok: false,
          errors: [
            `divisions: ${type} ${value} at ${verseKey(base)} is out of order ` +
              `(expected ${groups.length} or ${groups.length + 1})`,
          ],
        };
    }
  }
  if (groups.length !== count)
    return { ok: false, errors: [`divisions: ${groups.length} ${type} divisions, expected ${count}`] };
  const records = surahs.map((surah) => surah.record);
  return {
    ok: true,
    value: groups.map((verses, index) => ({
      type,
      number: index + 1,
      first_verse_key: verseKey(verses[0]!),
      last_verse_key: verseKey(verses.at(-1)!),
      verses_count: verses.length,
      surahs: spannedSurahs(verses, records),
    })),
  };
}

/** The sajda verses in Quran order: number, key and type. */
function sajdaList(surahs: readonly QuranSurah[]): string {
  const sajdas = surahs.flatMap(({ verses }) => verses.map(({ base }) => base)).filter((base) => base.sajda !== false);
  return jsonLines(
    sajdas.map((base, i) =>
      JSON.stringify({
        number: i + 1,
        verse_key: verseKey(base),
        id: base.id,
        type: (base.sajda as { type: string }).type,
      }),
    ),
  );
}

/** `divisions` is DIVISIONS except in tests, which check the grouping on a toy Quran. */
export function renderDivisions(surahs: readonly QuranSurah[], divisions = DIVISIONS): Checked<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [type, { field, count }] of Object.entries(divisions)) {
    const divisions = divisionsOf(type, field, count, surahs);
    if (!divisions.ok) return divisions;
    files.set(`quran/divisions/${type}.json`, jsonLines(divisions.value.map((record) => JSON.stringify(record))));
  }
  files.set('quran/divisions/sajda.json', sajdaList(surahs));
  return { ok: true, value: files };
}
