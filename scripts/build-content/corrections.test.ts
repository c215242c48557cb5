import { describe, expect, it } from 'vitest';
import type { QuranSurah, SurahRecord, VerseBase } from './content-types.ts';
import { applyCorrections, checkCorrections, type RawCorrections } from './corrections.ts';
import { checkPunctuationPatch, restorePunctuation } from './punctuation.ts';

const RECORD: SurahRecord = {
  number: 1,
  name: { arabic: 'الفاتحه', transliteration: 'Al-Fatiha', english: 'The Openr', bengali: 'আল-ফাতিহা' },
  revelation_type: 'meccan',
  verses_count: 2,
  pages: { start: 1, end: 1 },
  juz: { start: 1, end: 1 },
};

function base(verse: number): VerseBase {
  return {
    id: `00100${verse}`,
    surah: 1,
    verse,
    number: verse,
    juz: 1,
    hizb: 1,
    rub_el_hizb: verse,
    page: 1,
    ruku: 1,
    manzil: 1,
    sajda: false,
    transliteration: `word${verse}m`,
  };
}

const SURAHS: QuranSurah[] = [
  {
    record: RECORD,
    verses: [
      {
        base: base(1),
        text: { arabic: 'بِسۡمِ\u2009ٱللَّهِ', english: 'In the name of Allah', bengali: 'দু?জন নারী' },
      },
      { base: base(2), text: { arabic: 'ٱلۡحَمۡدُ', english: 'Lord of the worlds', bengali: 'কতৃꦣ2453; নির্ধারিত' } },
    ],
  },
];

const file = (corrections: unknown[]) => ({ about: 'test', corrections });
const why = 'because';

function raw(
  overrides: Partial<
    Record<'arabic' | 'english' | 'bengali' | 'transliteration' | 'surahNames' | 'positions', unknown[]>
  >,
): RawCorrections {
  return {
    text: {
      arabic: file(overrides.arabic ?? []),
      english: file(overrides.english ?? []),
      bengali: file(overrides.bengali ?? []),
      transliteration: file(overrides.transliteration ?? []),
    },
    surahNames: file(overrides.surahNames ?? []),
    positions: file(overrides.positions ?? []),
  };
}

function corrected(overrides: Parameters<typeof raw>[0]) {
  const checked = checkCorrections(raw(overrides));
  if (!checked.ok) throw new Error(checked.errors.join('\n'));
  return applyCorrections(SURAHS, checked.value);
}

describe('corrections', () => {
  it('replaces text, names and positions exactly where `before` stands', () => {
    const result = corrected({
      arabic: [{ verse: '1:1', before: 'بِسۡمِ\u2009ٱللَّهِ', after: 'بِسۡمِ ٱللَّهِ', why }],
      english: [{ verse: '1:2', before: 'Lord', after: '"Lord', why }],
      bengali: [
        { verse: '1:1', before: 'দু?জন', after: 'দু’জন', why },
        { verse: '1:2', before: 'কতৃꦣ2453;', after: 'কর্তৃক', why },
      ],
      transliteration: [{ verse: '1:2', before: 'word2m', after: 'word2i', why }],
      surahNames: [{ surah: 1, field: 'english', before: 'The Openr', after: 'The Opener', why }],
      positions: [{ verse: '1:2', field: 'rub_el_hizb', before: 2, after: 3, why }],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [first, second] = result.value[0]!.verses;
    expect(first!.text).toEqual({ arabic: 'بِسۡمِ ٱللَّهِ', english: 'In the name of Allah', bengali: 'দু’জন নারী' });
    expect(second!.text.bengali).toBe('কর্তৃক নির্ধারিত');
    expect(second!.text.english).toBe('"Lord of the worlds');
    expect(second!.base).toMatchObject({ transliteration: 'word2i', rub_el_hizb: 3 });
    expect(result.value[0]!.record.name.english).toBe('The Opener');
    expect(SURAHS[0]!.verses[1]!.text.bengali).toBe('কতৃꦣ2453; নির্ধারিত'); // the input is left alone
  });

  it('fails the build when `before` is not what the data holds', () => {
    const result = corrected({
      bengali: [{ verse: '1:1', before: 'কিছু নয়', after: 'x', why }],
      positions: [{ verse: '1:1', field: 'rub_el_hizb', before: 7, after: 8, why }],
      surahNames: [{ surah: 1, field: 'arabic', before: 'الفاتحة', after: 'x', why }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      'corrections/surah-names.json surah 1: arabic is "الفاتحه"',
      'corrections/bengali.json 1:1: before "কিছু নয়" occurs 0 times, expected once',
      'corrections/positions.json 1:1: rub_el_hizb is 1, not 7',
    ]);
  });

  it('rejects a verse that does not exist and a record without a reason', () => {
    expect(corrected({ arabic: [{ verse: '1:9', before: 'a', after: 'b', why }] })).toEqual({
      ok: false,
      errors: ['corrections: verse 1:9 does not exist'],
    });
    const checked = checkCorrections(raw({ bengali: [{ verse: '1:1', before: 'a', after: 'a', why: '' }] }));
    expect(checked.ok).toBe(false);
    if (!checked.ok) {
      expect(checked.errors).toEqual([
        'corrections/bengali.json: correction 1: why must say why',
        'corrections/bengali.json: correction 1: after must be a string other than before',
      ]);
    }
  });
});

describe('punctuation', () => {
  it('adds the original edge punctuation back', () => {
    const patch = checkPunctuationPatch(
      { about: 'x', source: 'test 1.0', verses: { '1:1': ['', '.'], '1:2': ['"', ' -'] } },
      'p.json',
    );
    expect(patch.ok).toBe(true);
    if (!patch.ok) return;
    const result = restorePunctuation(SURAHS, 'english', patch.value);
    expect(result.ok && result.value[0]!.verses.map((v) => v.text.english)).toEqual([
      'In the name of Allah.',
      '"Lord of the worlds -',
    ]);
  });

  it('refuses a patch that would change more than edge punctuation', () => {
    const patch = checkPunctuationPatch(
      { about: 'x', source: 's', verses: { '1:1': ['', ' indeed.'], '1:2': ['', ''] } },
      'p.json',
    );
    expect(patch).toEqual({
      ok: false,
      errors: ['p.json: verse 1:1: adds more than edge punctuation', 'p.json: verse 1:2: adds nothing'],
    });
  });

  it('proves every verse unchanged once trimmed, and names a verse the surahs lack', () => {
    const result = restorePunctuation(SURAHS, 'bengali', { about: 'x', source: 's', verses: { '1:5': ['', '?'] } });
    expect(result).toEqual({ ok: false, errors: ['punctuation bengali: verse 1:5 does not exist'] });
    // Text that already ends in edge punctuation would not survive the trim: the proof fails.
    const punctuated: QuranSurah[] = [
      {
        ...SURAHS[0]!,
        verses: [{ ...SURAHS[0]!.verses[0]!, text: { ...SURAHS[0]!.verses[0]!.text, english: 'Allah,' } }],
      },
    ];
    expect(restorePunctuation(punctuated, 'english', { about: 'x', source: 's', verses: {} })).toEqual({
      ok: false,
      errors: ["punctuation english 1:1: trimmed text differs from quran-json's"],
    });
  });
});
