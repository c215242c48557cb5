// The division files of the built tree against facts printed in every Madani mushaf
// (King Fahd Complex, 15-line edition): where juz, manzil and some pages begin.
import { describe, expect, it } from 'vitest';
import { distBytes } from './dist-files.ts';

interface Division {
  type: string;
  number: number;
  first_verse_key: string;
  last_verse_key: string;
  verses_count: number;
  surahs: Array<{ number: number; verses: { start: number; end: number } }>;
}

function records<T>(path: string): T[] {
  return JSON.parse(distBytes(path).toString('utf8')) as T[];
}

const division = (type: string) => records<Division>(`quran/divisions/${type}.json`);
// Juz openings (mushaf margin headings): 1:1, 2:142, 2:253, 3:93, 4:24, 4:148, 5:82, 6:111, 7:88, 8:41,
// 9:93, 11:6, 12:53, 15:1, 17:1, 18:75, 21:1, 23:1, 25:21, 27:56, 29:46, 33:31, 36:28, 39:32, 41:47,
// 46:1, 51:31, 58:1, 67:1, 78:1.
const JUZ_STARTS = [
  '1:1',
  '2:142',
  '2:253',
  '3:93',
  '4:24',
  '4:148',
  '5:82',
  '6:111',
  '7:88',
  '8:41',
  '9:93',
  '11:6',
  '12:53',
  '15:1',
  '17:1',
  '18:75',
  '21:1',
  '23:1',
  '25:21',
  '27:56',
  '29:46',
  '33:31',
  '36:28',
  '39:32',
  '41:47',
  '46:1',
  '51:31',
  '58:1',
  '67:1',
  '78:1',
];
// The seven manzil open at al-Fatihah, al-Ma'idah, Yunus, al-Isra', ash-Shu'ara', as-Saffat and Qaf.
const MANZIL_STARTS = ['1:1', '5:1', '10:1', '17:1', '26:1', '37:1', '50:1'];

describe('quran/divisions', () => {
  it.each([
    ['juz', 30],
    ['hizb', 60],
    ['rub', 240],
    ['page', 604],
    ['ruku', 556],
    ['manzil', 7],
  ])('%s: %i contiguous divisions covering all 6236 verses', (type, count) => {
    const list = division(type);
    expect(list.map((d) => d.number)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(list.reduce((sum, d) => sum + d.verses_count, 0)).toBe(6236);
    expect(list[0]!.first_verse_key).toBe('1:1');
    expect(list.at(-1)!.last_verse_key).toBe('114:6');
    for (const d of list) {
      const spanned = d.surahs.reduce((sum, s) => sum + s.verses.end - s.verses.start + 1, 0);
      expect(spanned, `${type} ${d.number}`).toBe(d.verses_count);
      expect(`${d.surahs[0]!.number}:${d.surahs[0]!.verses.start}`).toBe(d.first_verse_key);
      expect(`${d.surahs.at(-1)!.number}:${d.surahs.at(-1)!.verses.end}`).toBe(d.last_verse_key);
    }
  });

  it('juz and manzil open where the mushaf says', () => {
    expect(division('juz').map((d) => d.first_verse_key)).toEqual(JUZ_STARTS);
    expect(division('manzil').map((d) => d.first_verse_key)).toEqual(MANZIL_STARTS);
    expect(
      division('hizb')
        .filter((_, i) => i % 2 === 0)
        .map((d) => d.first_verse_key),
    ).toEqual(JUZ_STARTS);
  });

  it('page 1 is al-Fatihah, page 2 opens al-Baqarah, page 604 holds 112–114', () => {
    const pages = division('page');
    expect(pages[0]).toMatchObject({ first_verse_key: '1:1', last_verse_key: '1:7' });
    expect(pages[1]).toMatchObject({ first_verse_key: '2:1', last_verse_key: '2:5' });
    expect(pages[603]!.surahs.map((s) => s.number)).toEqual([112, 113, 114]);
  });

  it('sajda.json lists the 15 prostration verses', () => {
    expect(records<{ verse_key: string }>('quran/divisions/sajda.json').map((s) => s.verse_key)).toEqual([
      '7:206',
      '13:15',
      '16:50',
      '17:109',
      '19:58',
      '22:18',
      '22:77',
      '25:60',
      '27:26',
      '32:15',
      '38:24',
      '41:38',
      '53:62',
      '84:21',
      '96:19',
    ]);
  });
});
