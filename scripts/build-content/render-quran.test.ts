import { describe, expect, it } from 'vitest';
import type { QuranSurah, SurahRecord, VerseBase } from './content-types.ts';
import { renderSurah, type ByteRange, type VerseOffsets } from './render-quran.ts';

const RECORD: SurahRecord = {
  number: 1,
  name: { arabic: 'الفاتحة', transliteration: 'Al-Fatihah', english: 'The "Opener"', bengali: 'আল-ফাতিহা' },
  revelation_type: 'meccan',
  verses_count: 2,
  pages: { start: 1, end: 1 },
  juz: { start: 1, end: 1 },
};

function base(verse: number, transliteration: string): VerseBase {
  return {
    id: `00100${verse}`,
    surah: 1,
    verse,
    number: verse,
    juz: 1,
    hizb: 1,
    rub_el_hizb: 1,
    page: 1,
    ruku: 1,
    manzil: 1,
    sajda: verse === 2 ? { type: 'obligatory', classification: 'jafari' } : false,
    transliteration,
  };
}

// Multi-byte text, quotes, backslashes, control and line-separator characters: every
// one changes the byte length of the JSON, which the offsets must follow.
const SURAH: QuranSurah = {
  record: RECORD,
  verses: [
    {
      base: base(1, 'Bismi "Allahi"'),
      text: { arabic: 'بِسۡمِ ٱللَّهِ', english: 'In the name\\of "Allah"\n', bengali: 'শুরু করছি\u2028' },
    },
    { base: base(2, 'Alhamdu\tlillahi 😀'), text: { arabic: 'ٱلۡحَمۡدُ', english: '[All] praise', bengali: 'প্রশংসা' } },
  ],
};

const LANGUAGE_SETS = [
  ['arabic'],
  ['english'],
  ['bengali'],
  ['arabic', 'bengali'],
  ['english', 'bengali'],
  ['arabic', 'english', 'bengali'],
] as const;

describe('renderSurah', () => {
  const { json, offsets } = renderSurah(SURAH);
  const bytes = Buffer.from(json);
  const { verses } = JSON.parse(offsets) as { verses: VerseOffsets[] };
  const slice = ([start, end]: ByteRange) => bytes.subarray(start, end).toString('utf8');

  it('writes a valid document with the surah record and one verse per line', () => {
    expect(JSON.parse(json)).toEqual({ surah: RECORD, verses: SURAH.verses.map((v) => ({ ...v.base, text: v.text })) });
    expect(json.split('\n')).toHaveLength(4);
  });

  it('points base at the verse object up to ",\\"text\\":" and each language at its key/value pair', () => {
    expect(verses).toHaveLength(2);
    const first = verses[0] as VerseOffsets;
    expect(slice(first.base)).toBe(JSON.stringify(SURAH.verses[0]?.base).slice(0, -1));
    expect(slice(first.english)).toBe(`"english":${JSON.stringify(SURAH.verses[0]?.text.english)}`);
    expect(bytes.subarray(first.base[1], first.base[1] + 9).toString()).toBe(',"text":{');
  });

  it('reassembles each verse from slices for any language subset', () => {
    verses.forEach((range, i) => {
      const verse = SURAH.verses[i] as QuranSurah['verses'][number];
      for (const languages of LANGUAGE_SETS) {
        const pairs = languages.map((language) => slice(range[language]));
        const assembled = `${slice(range.base)},"text":{${pairs.join(',')}}}`;
        const text = Object.fromEntries(languages.map((language) => [language, verse.text[language]]));
        expect(JSON.parse(assembled)).toEqual({ ...verse.base, text });
      }
    });
  });
});
