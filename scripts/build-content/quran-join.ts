// Joins the quran-json text files (Arabic, Saheeh International English, Muhiuddin Khan
// Bengali, transliteration) with quran-meta's positions (juz, hizb, rub el hizb, page,
// ruku, manzil, sajda) into one record per verse, checking that they line up. A surah's
// Bengali name comes from static-data/source/surah-names-bn.json, not from quran_bn.json,
// whose surah `translation` is a translation of the name ("সূচনা"), not the name ("আল-ফাতিহা").
import { findManzilByAyahId, getAyahCountInSurah, getAyahMeta, meta, SajdaList, type Surah } from 'quran-meta';
import {
  SAJDA_CLASSIFICATION,
  type Checked,
  type QuranSurah,
  type Sajda,
  type SurahRecord,
  type VerseBase,
  type VerseText,
} from './content-types.ts';

/** The four parsed quran-json files, each an array of 114 chapters. */
export interface QuranJsonFiles {
  arabic: unknown; // dist/quran.json
  english: unknown; // dist/quran_en.json
  bengali: unknown; // dist/quran_bn.json
  transliteration: unknown; // dist/quran_transliteration.json
}

interface Chapter {
  id: number;
  name: string;
  transliteration: string;
  type: string;
  translation?: string;
  verses: { id: number; text: string; translation?: string; transliteration?: string }[];
}

const SAJDA_BY_VERSE = new Map<number, Sajda>(
  SajdaList.map(([verse, type]) => [verse, { type, classification: SAJDA_CLASSIFICATION }]),
);

function isNonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function chapters(file: unknown, name: string, errors: string[]): Chapter[] {
  if (!Array.isArray(file) || file.length !== meta.numSurahs) {
    errors.push(`quran-json ${name}: expected ${meta.numSurahs} surahs`);
    return [];
  }
  return file as Chapter[];
}

/** Checks one surah across the four files; returns problems as "<what> <is wrong>". */
function checkSurah(n: number, ar: Chapter, en: Chapter, bn: Chapter, tr: Chapter): string[] {
  const expected = getAyahCountInSurah(n as Surah);
  const problems: string[] = [];
  for (const [file, chapter] of [
    ['quran.json', ar],
    ['quran_en.json', en],
    ['quran_bn.json', bn],
    ['quran_transliteration.json', tr],
  ] as const) {
    if (chapter?.id !== n || !Array.isArray(chapter.verses))
      problems.push(`${file} has no surah ${n} at position ${n}`);
    else if (chapter.verses.length !== expected) {
      problems.push(`${file} has ${chapter.verses.length} verses, quran-meta has ${expected}`);
    }
  }
  if (problems.length > 0) return problems;
  if (!isNonEmpty(ar.name) || !isNonEmpty(ar.transliteration)) problems.push('name is empty');
  if (!isNonEmpty(en.translation)) problems.push('English name is empty');
  if (ar.type !== 'meccan' && ar.type !== 'medinan')
    problems.push(`type must be meccan or medinan, found ${JSON.stringify(ar.type)}`);
  for (let v = 0; v < expected; v++) {
    const where = `verse ${v + 1}`;
    if (ar.verses[v]?.id !== v + 1) problems.push(`${where}: out of order in quran.json`);
    if (!isNonEmpty(ar.verses[v]?.text)) problems.push(`${where}: arabic text is empty`);
    if (!isNonEmpty(en.verses[v]?.translation)) problems.push(`${where}: english text is empty`);
    if (!isNonEmpty(bn.verses[v]?.translation)) problems.push(`${where}: bengali text is empty`);
    if (!isNonEmpty(tr.verses[v]?.transliteration)) problems.push(`${where}: transliteration is empty`);
    // The translation files repeat the Arabic text; a difference means misaligned verses.
    if (en.verses[v]?.text !== ar.verses[v]?.text || bn.verses[v]?.text !== ar.verses[v]?.text) {
      problems.push(`${where}: Arabic text differs between quran.json and a translation file`);
    }
  }
  return problems;
}

function verseBase(surah: number, verse: number, number: number, transliteration: string): VerseBase {
  const position = getAyahMeta(number);
  if (position.surah !== surah || position.ayah !== verse) {
    throw new Error(
      `quran-meta places verse number ${number} at ${position.surah}:${position.ayah}, not ${surah}:${verse}`,
    );
  }
  return {
    id: String(surah).padStart(3, '0') + String(verse).padStart(3, '0'),
    surah,
    verse,
    number,
    juz: position.juz,
    hizb: position.hizbId,
    rub_el_hizb: position.rubAlHizbId,
    page: position.page,
    ruku: position.ruku,
    manzil: findManzilByAyahId(number),
    sajda: SAJDA_BY_VERSE.get(number) ?? false,
    transliteration,
  };
}

function surahRecord(ar: Chapter, en: Chapter, bengaliName: string, verses: VerseBase[]): SurahRecord {
  const first = verses[0] as VerseBase;
  const last = verses[verses.length - 1] as VerseBase;
  return {
    number: ar.id,
    name: {
      arabic: ar.name,
      transliteration: ar.transliteration,
      english: en.translation as string,
      bengali: bengaliName,
    },
    revelation_type: ar.type as SurahRecord['revelation_type'],
    verses_count: verses.length,
    pages: { start: first.page, end: last.page },
    juz: { start: first.juz, end: last.juz },
  };
}

/** `bengaliNames[n - 1]` is the name of surah n in Bengali script (checked by checkSurahNamesBn). */
export function joinQuran(files: QuranJsonFiles, bengaliNames: readonly string[]): Checked<QuranSurah[]> {
  const errors: string[] = [];
  if (bengaliNames.length !== meta.numSurahs)
    errors.push(`surah-names-bn.json: expected ${meta.numSurahs} names, found ${bengaliNames.length}`);
  const ar = chapters(files.arabic, 'quran.json', errors);
  const en = chapters(files.english, 'quran_en.json', errors);
  const bn = chapters(files.bengali, 'quran_bn.json', errors);
  const tr = chapters(files.transliteration, 'quran_transliteration.json', errors);
  if (errors.length > 0) return { ok: false, errors };
  for (let i = 0; i < meta.numSurahs; i++) {
    const problems = checkSurah(i + 1, ar[i] as Chapter, en[i] as Chapter, bn[i] as Chapter, tr[i] as Chapter);
    errors.push(...problems.map((problem) => `quran-json: surah ${i + 1}: ${problem}`));
  }
  if (errors.length > 0) return { ok: false, errors };
  const surahs: QuranSurah[] = [];
  let number = 0;
  for (let i = 0; i < meta.numSurahs; i++) {
    const [a, e, b, t] = [ar[i], en[i], bn[i], tr[i]] as [Chapter, Chapter, Chapter, Chapter];
    const verses = a.verses.map((verse, v) => ({
      base: verseBase(i + 1, v + 1, ++number, t.verses[v]?.transliteration as string),
      text: { arabic: verse.text, english: e.verses[v]?.translation, bengali: b.verses[v]?.translation } as VerseText,
    }));
    surahs.push({
      record: surahRecord(
        a,
        e,
        bengaliNames[i] as string,
        verses.map((verse) => verse.base),
      ),
      verses,
    });
  }
  if (number !== meta.numAyahs)
    return { ok: false, errors: [`quran-json: ${number} verses, expected ${meta.numAyahs}`] };
  return { ok: true, value: surahs };
}
