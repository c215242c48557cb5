import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from '../../testing/edge-harness.ts';

const SEARCH = '/api/v1/quran/search';
let edge: Edge;
let key: string;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 100_000 });
});
afterAll(() => edge.close());

const search = (query: string) => getJson(`${edge.url}${SEARCH}?${query}`, key);
const keysOf = (body: { data: { results: Array<{ key: string }> } }) => body.data.results.map((r) => r.key);
const highlighted = (result: { text: string; matches: Array<{ start: number; end: number }> }) =>
  result.matches.map(({ start, end }) => result.text.slice(start, end));

describe('GET /api/v1/quran/search', () => {
  it.each([
    ['without harakat', 'الرحمن'],
    ['with harakat', 'ٱلرَّحۡمَٰنُ'],
    ['with plain alef and tatweel', 'الرحـــمن'],
  ])('الرحمن %s finds 1:1 and 55:1', async (_, q) => {
    const { status, body } = await search(`q=${encodeURIComponent(q)}&lang=ar&pageSize=300`);
    expect(status).toBe(200);
    expect(keysOf(body)).toEqual(expect.arrayContaining(['1:1', '55:1']));
    expect(body.count).toBe(body.data.pagination.totalResults);
    const first = body.data.results.find((r: { key: string }) => r.key === '1:1');
    expect(first).toMatchObject({ id: '001001', surah: 1, verse: 1 });
    // Bismillah: the third word is ar-Rahman, whatever the order of its marks.
    expect(highlighted(first)).toEqual([first.text.split(' ')[2]]);
  });

  it('matches standard spelling against the Uthmani one (العالمين finds 1:2)', async () => {
    const { body } = await search(`q=${encodeURIComponent('رب العالمين')}&lang=ar&surah=1`);
    expect(keysOf(body)).toEqual(['1:2']);
  });

  it('"Lord of the worlds" finds 1:2 as a phrase, highlighted as one span', async () => {
    const { body } = await search(`q=${encodeURIComponent('"Lord of the worlds"')}&lang=en&pageSize=300`);
    expect(keysOf(body)).toContain('1:2');
    const verse = body.data.results.find((r: { key: string }) => r.key === '1:2');
    expect(highlighted(verse)).toEqual(['Lord of the worlds']);
    // Only the phrase is marked, never a lone "the" elsewhere in the verse.
    const marked = body.data.results.flatMap(highlighted);
    expect(marked.length).toBeGreaterThanOrEqual(body.data.results.length);
    for (const text of marked) expect(text).toMatch(/^lord of the worlds?$/i);
    // The words alone (all must match, anywhere) find at least the phrase's verses.
    const words = await search(`q=${encodeURIComponent('worlds lord')}&lang=en&pageSize=300`);
    expect(words.body.count).toBeGreaterThanOrEqual(body.count);
  });

  it('folds case, punctuation, plurals and possessives in English', async () => {
    const { body } = await search(`q=${encodeURIComponent("WORLD'S, Lords!")}&lang=en&surah=1`);
    expect(keysOf(body)).toEqual(['1:2']);
  });

  it('a phrase must be consecutive: "worlds of the Lord" does not find 1:2', async () => {
    const { body } = await search(`q=${encodeURIComponent('"worlds of the Lord"')}&lang=en&surah=1`);
    expect(body.count).toBe(0);
    expect(body.data.results).toEqual([]);
  });

  it('searches Bengali with either form of য় and the transliteration', async () => {
    const precomposed = await search(`q=${encodeURIComponent('করুণাময়')}&lang=bn&surah=1`);
    const decomposed = await search(`q=${encodeURIComponent('করুণাময\u09bc')}&lang=bn&surah=1`);
    expect(precomposed.body.count).toBeGreaterThan(0);
    expect(keysOf(decomposed.body)).toEqual(keysOf(precomposed.body));
    const translit = await search('q=Bismi%20Allahi&lang=translit&surah=1');
    expect(keysOf(translit.body)).toEqual(['1:1']);
  });

  it("Bengali: today's spelling ধৈর্য finds the text's ধৈর্য্য and its inflected forms (ধৈর্য্যশীলদের)", async () => {
    const { body } = await search(`q=${encodeURIComponent('ধৈর্য')}&lang=bn&surah=2&pageSize=300`);
    expect(keysOf(body)).toEqual(expect.arrayContaining(['2:45', '2:153']));
    const verse = body.data.results.find((r: { key: string }) => r.key === '2:153');
    expect(highlighted(verse)).toEqual(['ধৈর্য্য', 'ধৈর্য্যশীলদের']);
  });

  it('ranks best first and paginates, with the total in count', async () => {
    const all = await search('q=mercy&lang=en&pageSize=300');
    const page2 = await search('q=mercy&lang=en&pageNumber=2&pageSize=5');
    expect(all.body.count).toBeGreaterThan(10);
    expect(keysOf(page2.body)).toEqual(keysOf(all.body).slice(5, 10));
    expect(page2.body.data.pagination).toEqual({
      pageNumber: 2,
      pageSize: 5,
      totalResults: all.body.count,
      totalPages: Math.ceil(all.body.count / 5),
    });
  });

  it('orders a long result list the same whichever page is asked for', async () => {
    const big = await search('q=the&lang=en&pageNumber=3&pageSize=300');
    const small = await search('q=the&lang=en&pageNumber=31&pageSize=20');
    expect(big.body.count).toBeGreaterThan(1000);
    expect(keysOf(small.body)).toEqual(keysOf(big.body).slice(0, 20));
  });

  it('limits to one surah with surah=', async () => {
    const { body } = await search('q=mercy&lang=en&surah=2&pageSize=300');
    expect(body.count).toBeGreaterThan(0);
    expect(body.data.results.every((r: { surah: number }) => r.surah === 2)).toBe(true);
  });

  it('guesses the language from the script when lang is left out', async () => {
    const { body } = await search(`q=${encodeURIComponent('الرحمن')}`);
    expect(body.data.query.lang).toBe('ar');
  });

  it.each([
    ['lang=en', /q is required/],
    ['q=%20&lang=en', /q is required/],
    ['q=mercy&lang=xx', /lang must be one of ar, en, bn, translit/],
    ['q=mercy&surah=115', /surah must be an integer from 1 to 114/],
    ['q=mercy&pageSize=0', /pageSize/],
    [`q=${'a'.repeat(201)}`, /at most 200 characters/],
    ['q=%00&lang=en', /q must not hold control characters/],
    ['q=mercy%0A%0D&lang=en', /q must not hold control characters/],
  ])('400 for %s', async (query, message) => {
    const { status, body } = await search(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'Bad Request', message: expect.stringMatching(message) });
  });

  it('no match is 200 with count 0', async () => {
    const { status, body } = await search('q=zzqqxxyy&lang=en');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 0, data: { results: [] } });
  });
});
