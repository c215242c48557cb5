import { describe, expect, it } from 'vitest';
import type { Reciter, VerseIndex } from './quran-content.ts';
import {
  findReciter,
  paginate,
  parseLanguages,
  parsePage,
  parseSurahNumber,
  parseVerseId,
  verseAt,
  verseNumber,
  parseTranslations,
} from './params.ts';

const INDEX: VerseIndex = {
  total: 7 + 286 + 200,
  surahs: [
    { number: 1, verses: 7, first: 1 },
    { number: 2, verses: 286, first: 8 },
    { number: 3, verses: 200, first: 294 },
  ],
};

describe('parseLanguages', () => {
  it('defaults to all three and keeps the canonical order', () => {
    expect(parseLanguages({})).toEqual({ value: ['arabic', 'english', 'bengali'] });
    expect(parseLanguages({ lang: 'bengali, English,bengali' })).toEqual({ value: ['english', 'bengali'] });
  });
  it('takes the short codes ar, en, bn as /quran/search does, and repeats', () => {
    expect(parseLanguages({ lang: 'en' })).toEqual({ value: ['english'] });
    expect(parseLanguages({ lang: ['BN', 'ar'] })).toEqual({ value: ['arabic', 'bengali'] });
  });
  it('names the allowed values for an unknown or empty language', () => {
    expect(parseLanguages({ lang: 'urdu' })).toEqual({
      error: 'lang must be one or more of arabic, english, bengali (or ar, en, bn; comma-separated), got "urdu".',
    });
    expect('error' in parseLanguages({ lang: '' })).toBe(true);
  });
});

describe('parsePage and paginate', () => {
  it('defaults to page 1 of 20 and bounds pageSize to 1–300', () => {
    expect(parsePage({})).toEqual({ value: { pageNumber: 1, pageSize: 20 } });
    expect(parsePage({ pageNumber: '2', pageSize: '300' })).toEqual({ value: { pageNumber: 2, pageSize: 300 } });
    for (const [n, s] of [
      ['0', '20'],
      ['1', '301'],
      ['1', '0'],
      ['x', '1'],
      ['1', '2.0'],
      [['1', '2'], '5'],
      ['', '5'],
      ['1', ''],
    ] as const) {
      expect('error' in parsePage({ pageNumber: n, pageSize: s })).toBe(true);
    }
  });
  it('cuts the last page short and is empty past it', () => {
    expect(paginate(286, { pageNumber: 15, pageSize: 20 })).toMatchObject({ start: 280, end: 286, totalPages: 15 });
    expect(paginate(286, { pageNumber: 16, pageSize: 20 })).toMatchObject({ start: 286, end: 286, totalPages: 15 });
    expect(paginate(7, { pageNumber: 1, pageSize: 300 })).toMatchObject({ start: 0, end: 7, totalPages: 1 });
  });
});

describe('surah numbers and verse ids', () => {
  it('tells a non-integer from an out-of-range surah', () => {
    expect(parseSurahNumber('114', 114)).toEqual({ value: 114 });
    expect(parseSurahNumber('115', 114)).toEqual({ error: 'out-of-range' });
    expect(parseSurahNumber('1.5', 114)).toEqual({ error: 'not-integer' });
  });
  it('tells a malformed id from a verse that does not exist', () => {
    expect(parseVerseId('002255', INDEX)).toEqual({ value: { surah: 2, verse: 255 } });
    expect(parseVerseId('2255', INDEX)).toEqual({ error: 'bad-shape' });
    expect(parseVerseId('001008', INDEX)).toEqual({ error: 'not-found' });
    expect(parseVerseId('004001', INDEX)).toEqual({ error: 'not-found' });
  });
  it('maps a global verse number to surah and verse', () => {
    expect(verseAt(INDEX, 1)).toEqual({ surah: 1, verse: 1 });
    expect(verseAt(INDEX, 8)).toEqual({ surah: 2, verse: 1 });
    expect(verseAt(INDEX, 262)).toEqual({ surah: 2, verse: 255 });
    expect(verseAt(INDEX, 493)).toEqual({ surah: 3, verse: 200 });
    expect(() => verseAt(INDEX, 494)).toThrow(RangeError);
    expect(() => verseAt(INDEX, 0)).toThrow(RangeError);
  });
  it('finds every verse of every surah from its global number', () => {
    for (const entry of INDEX.surahs) {
      for (let verse = 1; verse <= entry.verses; verse++)
        expect(verseAt(INDEX, verseNumber(INDEX, entry.number, verse))).toEqual({ surah: entry.number, verse });
    }
  });
});

describe('findReciter', () => {
  const reciters = [{ id: 'alafasy', name: 'Mishary Rashid Alafasy' }] as Reciter[];
  it('matches id or name case-insensitively', () => {
    expect(findReciter(reciters, 'AlAfasy')?.id).toBe('alafasy');
    expect(findReciter(reciters, 'mishary rashid alafasy')?.id).toBe('alafasy');
    expect(findReciter(reciters, 'mishary')).toBeNull();
  });
});

describe('parseTranslations', () => {
  const editions: Record<string, string> = {
    'id.indonesian': 'id.indonesian',
    id: 'id.indonesian',
    'ur.jalandhry': 'ur.jalandhry',
    ur: 'ur.jalandhry',
    'tr.diyanet': 'tr.diyanet',
  };
  const catalog = {
    find: (raw: string) => (editions[raw] === undefined ? undefined : ({ id: editions[raw] } as never)),
  };

  it('keeps the order asked, takes a language code for its default, and each edition once', () => {
    expect(parseTranslations({ translations: 'ur.jalandhry,id' }, catalog)).toEqual({
      value: ['ur.jalandhry', 'id.indonesian'],
    });
    expect(parseTranslations({ translations: ['tr.diyanet', ' UR ', 'ur.jalandhry'] }, catalog)).toEqual({
      value: ['tr.diyanet', 'ur.jalandhry'],
    });
    expect(parseTranslations({}, catalog)).toEqual({ value: [] });
  });

  it('names an unknown edition and points at the list', () => {
    expect(parseTranslations({ translations: 'id,xx.y' }, catalog)).toEqual({
      error:
        'translations names an unknown edition "xx.y": GET /api/v1/quran/translations lists the editions ' +
        '(an id, or a language code for its default).',
    });
  });

  it('refuses an empty list and more than ten editions', () => {
    expect(parseTranslations({ translations: ' , ' }, catalog)).toMatchObject({
      error: expect.stringMatching(/at least one edition/),
    });
    const many = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`e${i}`, `e${i}`]));
    const wide = { find: (raw: string) => (many[raw] === undefined ? undefined : ({ id: many[raw] } as never)) };
    expect(parseTranslations({ translations: Object.keys(many).join(',') }, wide)).toEqual({
      error: 'translations takes at most 10 editions, got 11.',
    });
  });
});
