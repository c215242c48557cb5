import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from '../testing/edge-harness.ts';

const BASE = '/api/v1/quran';
// U+06DE ARABIC START OF RUB EL HIZB, printed in the mushaf where a quarter begins.
const RUB_MARK = '\u06de';
let edge: Edge;
let key: string;
let surahs: Array<{ number: number; verses_count: number }>;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 100_000 });
  surahs = JSON.parse(await readFile(path.join(edge.config.contentDir, 'quran/surahs.json'), 'utf8'));
});
afterAll(() => edge.close());

const get = (pathAndQuery: string) => getJson(`${edge.url}${pathAndQuery}`, key);
const keys = (verses: Array<{ surah: number; verse: number }>) => verses.map((v) => `${v.surah}:${v.verse}`);
const withoutPerRequest = ({ timestamp: _t, rateLimit: _r, ...body }: Record<string, unknown>) => body;

describe('verse keys (2:255) beside ids (002255)', () => {
  it('2:255 and 002255 give the same body on /verse and /verse/{id}/audio', async () => {
    const [byKey, byId] = await Promise.all([
      get(`${BASE}/verse/2:255?audio=none`),
      get(`${BASE}/verse/002255?audio=none`),
    ]);
    expect(byKey.status).toBe(200);
    expect(withoutPerRequest(byKey.body)).toEqual(withoutPerRequest(byId.body));
    // A client that percent-encodes the colon (the portal's try-it does) gets the same verse.
    expect((await get(`${BASE}/verse/2%3A255?audio=none`)).body.data).toEqual(byKey.body.data);
    const audio = await get(`${BASE}/verse/2:255/audio?reciter=alafasy`);
    expect(audio.body.data.id).toBe('002255');
  });

  it.each([
    ['2:287', 404],
    ['115:1', 404],
    ['2:', 400],
    ['2:2:2', 400],
    ['1000:1', 400],
  ])('%s answers %i', async (id, status) => {
    expect((await get(`${BASE}/verse/${id}`)).status).toBe(status);
  });
});

describe('GET /api/v1/quran/verses', () => {
  it('returns 2:255 to 2:257 with the range summary', async () => {
    const { status, body } = await get(`${BASE}/verses?from=2:255&to=2:257&lang=english`);
    expect(status).toBe(200);
    expect(keys(body.data.verses)).toEqual(['2:255', '2:256', '2:257']);
    expect(body.data.range).toMatchObject({ first_verse_key: '2:255', last_verse_key: '2:257', verses_count: 3 });
    expect(body.data.range.surahs).toEqual([
      { number: 2, name: expect.objectContaining({ transliteration: 'Al-Baqarah' }), verses: { start: 255, end: 257 } },
    ]);
    expect(Object.keys(body.data.verses[0].text)).toEqual(['english']);
  });

  it('crosses surahs and takes one verse when `to` is left out', async () => {
    const across = await get(`${BASE}/verses?from=1:6&to=2:2&audio=none`);
    expect(keys(across.body.data.verses)).toEqual(['1:6', '1:7', '2:1', '2:2']);
    expect(across.body.data.range.surahs.map((s: { verses: object }) => s.verses)).toEqual([
      { start: 6, end: 7 },
      { start: 1, end: 2 },
    ]);
    const one = await get(`${BASE}/verses?from=002255`);
    expect(keys(one.body.data.verses)).toEqual(['2:255']);
  });

  it('allows 300 verses and refuses 301', async () => {
    expect((await get(`${BASE}/verses?from=2:1&to=3:14&audio=none`)).body.data.verses).toHaveLength(300);
    const { status, body } = await get(`${BASE}/verses?from=2:1&to=3:15`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/at most 300 verses/);
  });

  it.each([
    ['from=2:287', /from 2:287 is not a verse/],
    ['from=115:1', /from 115:1 is not a verse/],
    ['from=1:1&to=114:7', /to 114:7 is not a verse/],
    ['from=2:257&to=2:255', /comes before/],
    ['from=abc', /from must be a verse key/],
    ['to=2:3', /from is required/],
  ])('400 for %s', async (query, message) => {
    const { status, body } = await get(`${BASE}/verses?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'Bad Request', message: expect.stringMatching(message) });
  });
});

describe('divisions', () => {
  it('juz 30 spans 37 surahs, 78:1 to 114:6', async () => {
    const { body } = await get(`${BASE}/juz/30?pageSize=300&audio=none&lang=arabic`);
    const division = body.data.division;
    expect(division).toMatchObject({ type: 'juz', number: 30, first_verse_key: '78:1', last_verse_key: '114:6' });
    expect(division.surahs.map((s: { number: number }) => s.number)).toEqual(
      Array.from({ length: 37 }, (_, i) => 78 + i),
    );
    expect(division.surahs[0]).toMatchObject({ number: 78, verses: { start: 1, end: 40 } });
    const versesInJuz = surahs.slice(77).reduce((sum, s) => sum + s.verses_count, 0);
    expect(body.data.pagination).toEqual({ pageNumber: 1, pageSize: 300, totalVerses: versesInJuz, totalPages: 2 });
    expect(keys(body.data.verses).slice(0, 2)).toEqual(['78:1', '78:2']);
  });

  it('page 604 holds surahs 112 to 114', async () => {
    const { body } = await get(`${BASE}/page/604?audio=none`);
    expect(body.data.division.surahs.map((s: { number: number }) => s.number)).toEqual([112, 113, 114]);
    expect(keys(body.data.verses)).toEqual([
      ...[1, 2, 3, 4].map((v) => `112:${v}`),
      ...[1, 2, 3, 4, 5].map((v) => `113:${v}`),
      ...[1, 2, 3, 4, 5, 6].map((v) => `114:${v}`),
    ]);
    expect(body.data.verses.every((v: object) => !('audio' in v))).toBe(true);
  });

  it('every verse that carries ۞ opens a rub el hizb, and each rub starts where the last ended', async () => {
    const marked: string[] = [];
    for (const surah of surahs) {
      const file = JSON.parse(
        await readFile(
          path.join(edge.config.contentDir, `quran/surah/${String(surah.number).padStart(3, '0')}.json`),
          'utf8',
        ),
      );
      for (const verse of file.verses)
        if (verse.text.arabic.includes(RUB_MARK)) marked.push(`${verse.surah}:${verse.verse}`);
    }
    expect(marked.length).toBeGreaterThan(150);
    const rubs = await Promise.all(
      Array.from({ length: 240 }, (_, i) => get(`${BASE}/rub/${i + 1}?pageSize=1&audio=none&lang=arabic`)),
    );
    const firsts = rubs.map(({ body }) => body.data.division.first_verse_key);
    rubs.forEach(({ body }, i) => {
      expect(body.data.verses[0].rub_el_hizb).toBe(i + 1);
      expect(keys(body.data.verses)[0]).toBe(body.data.division.first_verse_key);
      if (i > 0) expect(body.data.division.first_verse_key).not.toBe(rubs[i - 1]!.body.data.division.last_verse_key);
    });
    const notAtBoundary = marked.filter((verse) => !firsts.includes(verse));
    expect(notAtBoundary).toEqual([]);
  });

  it.each([
    ['juz', 30],
    ['hizb', 60],
    ['rub', 240],
    ['page', 604],
    ['ruku', 556],
    ['manzil', 7],
  ])('%s runs 1 to %i: the last ends at 114:6, one past is 404, not an integer is 400', async (type, count) => {
    const last = await get(`${BASE}/${type}/${count}?pageSize=1&audio=none`);
    expect(last.body.data.division).toMatchObject({ type, number: count, last_verse_key: '114:6' });
    expect((await get(`${BASE}/${type}/1?pageSize=1`)).body.data.division.first_verse_key).toBe('1:1');
    expect((await get(`${BASE}/${type}/${count + 1}`)).status).toBe(404);
    expect((await get(`${BASE}/${type}/0`)).status).toBe(404);
    expect((await get(`${BASE}/${type}/x`)).status).toBe(400);
  });

  it('paginates like the surah endpoint', async () => {
    const { body } = await get(`${BASE}/juz/1?pageNumber=2&pageSize=100&lang=bengali&audio=none`);
    expect(body.data.pagination).toEqual({ pageNumber: 2, pageSize: 100, totalVerses: 148, totalPages: 2 });
    expect(keys(body.data.verses).slice(0, 2)).toEqual(['2:94', '2:95']);
    expect((await get(`${BASE}/juz/1?pageNumber=9`)).body.data.verses).toEqual([]);
    expect((await get(`${BASE}/juz/1?pageSize=301`)).status).toBe(400);
  });
});

describe('GET /api/v1/quran/sajda', () => {
  it('lists the 15 sajda verses in order, each with its type', async () => {
    const { body } = await get(`${BASE}/sajda?audio=none&lang=english`);
    expect(body.count).toBe(15);
    expect(keys(body.data)).toEqual([
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
    expect(body.data.every((v: { sajda: unknown }) => typeof v.sajda === 'object')).toBe(true);
  });
});

describe('lean payloads: audio and reciter lists', () => {
  it('audio=none leaves `audio` out; reciter=a,b keeps just those two', async () => {
    const none = await get(`${BASE}/surah/2?audio=none`);
    expect(none.body.data.verses[0]).not.toHaveProperty('audio');
    const two = await get(`${BASE}/surah/2?reciter=alafasy,Saad%20Al-Ghamdi`);
    expect(two.body.data.verses[0].audio.map((a: { reciter: { id: string } }) => a.reciter.id)).toEqual([
      'alafasy',
      'ghamdi',
    ]);
  });

  it('400 for an unknown audio mode, and naming an unknown reciter in a list', async () => {
    expect((await get(`${BASE}/surah/2?audio=some`)).body.message).toBe('audio must be one of all, none, got "some".');
    const { status, body } = await get(`${BASE}/verse/2:255?reciter=alafasy,nobody`);
    expect(status).toBe(400);
    expect(body.message).toMatch(/^reciter "nobody" is unknown/);
  });
});
