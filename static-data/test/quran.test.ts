import { readFileSync } from 'node:fs';
import { getAyahCountInSurah, meta, SajdaList, type Surah } from 'quran-meta';
import { describe, expect, it } from 'vitest';
import type { SurahRecord, VerseBase, VerseText } from '@ira/core/contract/content-format';
import { distBytes, distJson, quranJsonFile, surahPath } from './dist-files.ts';

// The tree's records as the build writes them and the edge reads them (one module for both).
interface Verse extends VerseBase {
  text: VerseText;
}
interface PackageChapter {
  id: number;
  name: string;
  translation?: string;
  verses: { id: number; text: string; translation?: string; transliteration?: string }[];
}

const surahs = distJson<SurahRecord[]>('quran/surahs.json');
const documents = surahs.map((s) => distJson<{ surah: SurahRecord; verses: Verse[] }>(surahPath(s.number)));
const allVerses = documents.flatMap((document) => document.verses);
const byId = new Map(allVerses.map((verse) => [verse.id, verse]));

describe('quran/surahs.json and the surah documents', () => {
  it('lists 114 surahs numbered 1..114, each with its own document', () => {
    expect(surahs).toHaveLength(114);
    expect(surahs.map((s) => s.number)).toEqual(Array.from({ length: 114 }, (_, i) => i + 1));
    documents.forEach((document, i) => expect(document.surah).toEqual(surahs[i]));
  });

  it('has 6236 verses numbered 1..6236 in order, with SSSVVV ids', () => {
    expect(allVerses).toHaveLength(6236);
    allVerses.forEach((verse, i) => {
      expect(verse.number).toBe(i + 1);
      expect(verse.id).toBe(`${String(verse.surah).padStart(3, '0')}${String(verse.verse).padStart(3, '0')}`);
    });
  });

  it('writes verse and surah keys in the contract order', () => {
    const verseKeys = [
      'id',
      'surah',
      'verse',
      'number',
      'juz',
      'hizb',
      'rub_el_hizb',
      'page',
      'ruku',
      'manzil',
      'sajda',
    ];
    for (const verse of allVerses) {
      expect(Object.keys(verse)).toEqual([...verseKeys, 'transliteration', 'text']);
      expect(Object.keys(verse.text)).toEqual(['arabic', 'english', 'bengali']);
    }
    for (const surah of surahs) {
      expect(Object.keys(surah)).toEqual(['number', 'name', 'revelation_type', 'verses_count', 'pages', 'juz']);
      expect(Object.keys(surah.name)).toEqual(['arabic', 'transliteration', 'english', 'bengali']);
    }
  });

  it('has per-surah verse counts equal to quran-meta', () => {
    for (const [i, document] of documents.entries()) {
      const expected = getAyahCountInSurah((i + 1) as Surah);
      expect(document.verses, `surah ${i + 1}`).toHaveLength(expected);
      expect(document.surah.verses_count, `surah ${i + 1}`).toBe(expected);
    }
  });

  it('carries the Arabic text and transliteration of the quran-json package, but for the reviewed corrections', () => {
    const arabic = quranJsonFile<PackageChapter[]>('quran.json');
    const transliteration = quranJsonFile<PackageChapter[]>('quran_transliteration.json');
    // The corrected verses and names are checked in quran-text.test.ts.
    const correctedVerses = new Set(['2:72', '11:41', '37:164', '41:47', '114:6']);
    const correctedNames = new Set([14, 76, 82, 84]);
    for (const [s, chapter] of arabic.entries()) {
      const verses = documents[s]?.verses ?? [];
      verses.forEach((verse, v) => {
        if (correctedVerses.has(`${s + 1}:${v + 1}`)) return;
        expect(verse.text.arabic).toBe(chapter.verses[v]?.text);
        expect(verse.transliteration).toBe(transliteration[s]?.verses[v]?.transliteration);
      });
      if (!correctedNames.has(s + 1)) expect(surahs[s]?.name.arabic).toBe(chapter.name);
    }
    for (const verse of allVerses) {
      for (const text of Object.values(verse.text)) expect(text.trim(), verse.id).not.toBe('');
    }
  });

  it('names each surah in Bengali script with its name, not a translation of it', () => {
    const source = JSON.parse(readFileSync(new URL('../source/surah-names-bn.json', import.meta.url), 'utf8')) as {
      number: number;
      bengali: string;
    }[];
    expect(surahs.map((s) => s.name.bengali)).toEqual(source.map((record) => record.bengali));
    const expected: Record<number, string> = {
      1: 'আল-ফাতিহা',
      2: 'আল-বাকারা',
      3: 'আলে ইমরান',
      4: 'আন-নিসা',
      36: 'ইয়াসীন',
      112: 'আল-ইখলাস',
      114: 'আন-নাস',
    };
    for (const [number, name] of Object.entries(expected)) {
      expect(surahs[Number(number) - 1]?.name.bengali, `surah ${number}`).toBe(name);
      expect(documents[Number(number) - 1]?.surah.name.bengali, `surah ${number}`).toBe(name);
    }
    for (const surah of surahs) {
      expect(surah.name.bengali, `surah ${surah.number}`).toMatch(/^[\u0980-\u09ff]+(?:[ -][\u0980-\u09ff]+)*$/);
    }
    expect(new Set(surahs.map((s) => s.name.bengali)).size).toBe(114);
    // quran_bn.json's surah "translation" is what the name means ("সূচনা"), not the name.
    const translations = quranJsonFile<PackageChapter[]>('quran_bn.json').map((chapter) => chapter.translation);
    expect(translations[0]).toBe('সূচনা');
    expect(surahs[0]?.name.bengali).not.toBe(translations[0]);
  });

  it('places Ayat al-Kursi (2:255) in juz 3 on Madani page 42', () => {
    const kursi = byId.get('002255');
    expect(kursi).toMatchObject({ surah: 2, verse: 255, number: 262, juz: 3, page: 42, manzil: 1, sajda: false });
    expect(kursi?.text.english).toMatch(/^Allah - there is no deity except Him, the Ever-Living/);
  });

  it('marks exactly the 15 sajda verses, with their type', () => {
    const sajdas = allVerses.filter((verse) => verse.sajda !== false);
    expect(sajdas).toHaveLength(15);
    expect(sajdas.map((v) => [v.number, v.sajda && v.sajda.type])).toEqual(SajdaList);
    // The last one, Al-'Alaq 19.
    expect(byId.get('096019')?.sajda).toEqual({ type: 'obligatory', classification: 'jafari' });
  });

  it('covers ruku 1..556, juz 1..30, hizb 1..60, rub 1..240, page 1..604, manzil 1..7, never going back', () => {
    const ranges = { ruku: meta.numRukus, juz: 30, hizb: 60, rub_el_hizb: 240, page: 604, manzil: 7 } as const;
    for (const [field, max] of Object.entries(ranges) as [keyof typeof ranges, number][]) {
      const values = allVerses.map((verse) => verse[field]);
      expect(new Set(values).size, field).toBe(max);
      expect(values[0], field).toBe(1);
      expect(values.at(-1), field).toBe(max);
      values.forEach(
        (value, i) =>
          i > 0 && expect(value - (values[i - 1] as number), `${field} at ${i + 1}`).toBeGreaterThanOrEqual(0),
      );
    }
  });

  it('gives each surah the page and juz range of its first and last verse', () => {
    expect(surahs[1]).toMatchObject({
      pages: { start: 2, end: 49 },
      juz: { start: 1, end: 3 },
      revelation_type: 'medinan',
    });
    for (const document of documents) {
      const first = document.verses[0] as Verse;
      const last = document.verses.at(-1) as Verse;
      expect(document.surah.pages).toEqual({ start: first.page, end: last.page });
      expect(document.surah.juz).toEqual({ start: first.juz, end: last.juz });
    }
  });

  it('lays each surah document out as the contract says: one verse per line', () => {
    const text = distBytes(surahPath(112)).toString('utf8');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^\{"surah":\{"number":112,.*\},"verses":\[$/);
    expect(lines.slice(1, -1).every((line) => line.startsWith('{"id":"112'))).toBe(true);
    expect(lines.at(-1)).toBe(']}');
  });
});

describe('quran/verse-index.json', () => {
  const index = distJson<{ total: number; surahs: { number: number; verses: number; first: number }[] }>(
    'quran/verse-index.json',
  );

  it('maps every surah to its verse count and first global verse number', () => {
    expect(index.total).toBe(6236);
    expect(index.surahs).toHaveLength(114);
    for (const entry of index.surahs) {
      const verses = documents[entry.number - 1]?.verses ?? [];
      expect(entry.verses).toBe(verses.length);
      expect(entry.first).toBe(verses[0]?.number);
    }
    expect(index.surahs.at(-1)).toEqual({ number: 114, verses: 6, first: 6231 });
  });
});
