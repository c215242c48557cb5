import { describe, expect, it } from 'vitest';
import type { QuranSurah, SurahRecord, VerseBase } from './content-types.ts';
import { renderDivisions } from './render-divisions.ts';

function surah(number: number, juzOfVerses: number[]): QuranSurah {
  const record = {
    number,
    name: { arabic: 'x', transliteration: `S${number}`, english: 'x', bengali: 'x' },
  } as SurahRecord;
  const verses = juzOfVerses.map((juz, i) => ({
    base: {
      id: '',
      surah: number,
      verse: i + 1,
      number: 0,
      juz,
      hizb: juz,
      rub_el_hizb: juz,
      page: juz,
      ruku: juz,
      manzil: juz,
      sajda: i === 0 && number === 2 ? { type: 'obligatory' } : false,
      transliteration: '',
    } as VerseBase,
    text: { arabic: '', english: '', bengali: '' },
  }));
  return { record, verses };
}

describe('renderDivisions', () => {
  it('groups contiguous verses and lists the surahs each division spans', () => {
    // Counts in DIVISIONS are the real ones, so a toy Quran is reported as too short.
    const result = renderDivisions([surah(1, [1, 1]), surah(2, [1, 2, 2])]);
    expect(result).toEqual({ ok: false, errors: ['divisions: 2 juz divisions, expected 30'] });
  });

  it('reports a division number that goes backwards or skips', () => {
    expect(renderDivisions([surah(1, [1, 3])])).toEqual({
      ok: false,
      errors: ['divisions: juz 3 at 1:2 is out of order (expected 1 or 2)'],
    });
    expect(renderDivisions([surah(1, [1, 2, 1])])).toEqual({
      ok: false,
      errors: ['divisions: juz 1 at 1:3 is out of order (expected 2 or 3)'],
    });
  });

  it('writes one record per line with keys, count and spanned surahs', () => {
    const files = renderDivisions([surah(1, [1, 1]), surah(2, [1, 2, 3]), surah(3, [3])], {
      juz: { field: 'juz', count: 3 },
    });
    if (!files.ok) throw new Error(files.errors.join('; '));
    const lines = files.value.get('quran/divisions/juz.json')!.split('\n');
    expect(lines).toHaveLength(5);
    expect(JSON.parse(lines[1]!.replace(/,$/, ''))).toEqual({
      type: 'juz',
      number: 1,
      first_verse_key: '1:1',
      last_verse_key: '2:1',
      verses_count: 3,
      surahs: [
        { number: 1, name: expect.objectContaining({ transliteration: 'S1' }), verses: { start: 1, end: 2 } },
        { number: 2, name: expect.objectContaining({ transliteration: 'S2' }), verses: { start: 1, end: 1 } },
      ],
    });
    expect(JSON.parse(lines[3]!)).toMatchObject({
      number: 3,
      first_verse_key: '2:3',
      last_verse_key: '3:1',
      verses_count: 2,
    });
    expect(files.value.get('quran/divisions/sajda.json')).toBe(
      '[\n{"number":1,"verse_key":"2:1","id":"","type":"obligatory"}\n]',
    );
  });
});
