import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, LOCAL_RECITER, startEdge, type Edge } from '../testing/edge-harness.ts';

const BASE = '/api/v1/quran';
let edge: Edge;
let key: string;
let surahs: Array<{ number: number; verses_count: number }>;
let reciterCount: number;
let remoteCount: number;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 10_000 });
  surahs = JSON.parse(await readFile(path.join(edge.config.contentDir, 'quran/surahs.json'), 'utf8'));
  const reciters = JSON.parse(await readFile(path.join(edge.config.contentDir, 'quran/reciters.json'), 'utf8'));
  reciterCount = reciters.length;
  remoteCount = reciters.filter((r: { source: { type: string } }) => r.source.type === 'remote').length;
});
afterAll(() => edge.close());

const get = (pathAndQuery: string) => getJson(`${edge.url}${pathAndQuery}`, key);

describe('GET /api/v1/quran/surahs', () => {
  it('lists 114 surah records with attribution', async () => {
    const { status, body } = await get(`${BASE}/surahs`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, service: 'quran', count: 114 });
    expect(body.data).toEqual(surahs);
    expect(body.api_info.attribution).toMatch(
      /KFGQPC.*quranenc\.com.*Saheeh International.*Muhiuddin Khan.*tanzil\.net.*non-commercial use only.*CC BY 3\.0/,
    );
    expect(body.api_info.attribution).not.toMatch(/CC BY-SA/);
  });
});

describe('GET /api/v1/quran/surah/{number}', () => {
  it('returns surah, pagination and the first 20 verses by default', async () => {
    const { status, body } = await get(`${BASE}/surah/2`);
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual(['surah', 'pagination', 'verses']);
    expect(body.data.surah).toEqual(surahs[1]);
    expect(body.data.pagination).toEqual({ pageNumber: 1, pageSize: 20, totalVerses: 286, totalPages: 15 });
    expect(body.data.verses.map((v: { id: string }) => v.id)).toEqual(
      Array.from({ length: 20 }, (_, i) => `002${String(i + 1).padStart(3, '0')}`),
    );
  });

  it('matches the built verse record with text in all three languages and audio last', async () => {
    const file = JSON.parse(await readFile(path.join(edge.config.contentDir, 'quran/surah/001.json'), 'utf8'));
    const { body } = await get(`${BASE}/surah/1`);
    const { audio, ...verse } = body.data.verses[0];
    expect(verse).toEqual(file.verses[0]);
    expect(Object.keys(body.data.verses[0]).at(-1)).toBe('audio');
    expect(audio).toHaveLength(remoteCount + 1);
  });

  it('serves all 286 verses of Al-Baqarah in one page of 286', async () => {
    const { body } = await get(`${BASE}/surah/2?pageSize=286`);
    expect(body.data.verses).toHaveLength(286);
    expect(body.data.pagination).toEqual({ pageNumber: 1, pageSize: 286, totalVerses: 286, totalPages: 1 });
  });

  it('returns the short last page and 200 [] past the end', async () => {
    const last = await get(`${BASE}/surah/2?pageNumber=15&pageSize=20`);
    expect(last.body.data.verses.map((v: { verse: number }) => v.verse)).toEqual([281, 282, 283, 284, 285, 286]);
    const past = await get(`${BASE}/surah/2?pageNumber=16&pageSize=20`);
    expect(past.status).toBe(200);
    expect(past.body.data).toMatchObject({ pagination: { pageNumber: 16, totalPages: 15 }, verses: [] });
  });

  it.each([
    ['pageSize=301', 'pageSize must be an integer from 1 to 300.'],
    ['pageSize=0', 'pageSize must be an integer from 1 to 300.'],
    ['pageSize=abc', 'pageSize must be an integer from 1 to 300.'],
    ['pageNumber=0', 'pageNumber must be an integer of at least 1.'],
    ['pageNumber=1.5', 'pageNumber must be an integer of at least 1.'],
  ])('400 for %s', async (query, message) => {
    const { status, body } = await get(`${BASE}/surah/2?${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'Bad Request', message });
  });

  it('filters text by lang (one or a comma list, canonical order)', async () => {
    const one = await get(`${BASE}/surah/1?lang=english`);
    expect(Object.keys(one.body.data.verses[0].text)).toEqual(['english']);
    const two = await get(`${BASE}/surah/1?lang=bengali,ARABIC`);
    expect(Object.keys(two.body.data.verses[0].text)).toEqual(['arabic', 'bengali']);
  });

  it('400 naming the allowed languages for an unknown lang', async () => {
    const { status, body } = await get(`${BASE}/surah/1?lang=english,latin`);
    expect(status).toBe(400);
    expect(body.message).toBe(
      'lang must be one or more of arabic, english, bengali (or ar, en, bn; comma-separated), got "latin".',
    );
  });

  it('filters audio by reciter id or name, case-insensitively', async () => {
    const byId = await get(`${BASE}/surah/1?reciter=ALAFASY&pageSize=1`);
    const byName = await get(`${BASE}/surah/1?reciter=mishary%20rashid%20alafasy&pageSize=1`);
    for (const { body } of [byId, byName]) {
      expect(body.data.verses[0].audio).toHaveLength(1);
      expect(body.data.verses[0].audio[0].reciter).toEqual({
        id: 'alafasy',
        name: 'Mishary Rashid Alafasy',
        language: 'arabic',
      });
      expect(body.data.verses[0].audio[0].url).toMatch(
        /\/api\/v1\/audio\/quran\/alafasy\/001001\.mp3\?expires=\d+&signature=[0-9a-f]{64}$/,
      );
    }
  });

  it('400 naming the reciters endpoint for an unknown reciter (a bad parameter, not a missing resource)', async () => {
    const { status, body } = await get(`${BASE}/surah/1?reciter=nobody`);
    expect(status).toBe(400);
    expect(body.message).toContain('/api/v1/quran/reciters');
  });

  it('lists a local reciter only for verses whose file exists', async () => {
    const { body } = await get(`${BASE}/surah/1?reciter=${LOCAL_RECITER.id}&pageSize=2`);
    expect(body.data.verses[0].audio.map((a: { reciter: { id: string } }) => a.reciter.id)).toEqual([LOCAL_RECITER.id]);
    expect(body.data.verses[1].audio).toEqual([]);
  });

  it.each([['0'], ['115'], ['-1']])('404 for surah %s', async (number) => {
    const { status, body } = await get(`${BASE}/surah/${number}`);
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, error: 'Not Found' });
  });

  it.each([['abc'], ['2.5']])('400 for non-integer surah %s', async (number) => {
    const { status, body } = await get(`${BASE}/surah/${number}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: 'Bad Request' });
  });
});

describe('GET /api/v1/quran/reciters', () => {
  it('lists the public reciter records without source, each saying where its audio comes from', async () => {
    const { body } = await get(`${BASE}/reciters`);
    expect(body.count).toBe(reciterCount);
    expect(Object.keys(body.data[0])).toEqual(['id', 'name', 'language', 'style', 'bitrate', 'audio']);
    expect(new Set(body.data.map((r: { language: string }) => r.language))).toEqual(
      new Set(['arabic', 'english', 'bengali']),
    );
    const remote = body.data.filter((r: { audio: { source: string } }) => r.audio.source === 'remote');
    expect(remote).toHaveLength(remoteCount);
    for (const r of remote)
      expect(r.audio).toEqual({ source: 'remote', host: 'everyayah.com', verses: 6236, available: true });
    // The test MEDIA_DIR holds one verse of the local Bengali reciter.
    const local = body.data.find((r: { id: string }) => r.id === LOCAL_RECITER.id);
    expect(local.audio).toEqual({ source: 'local', host: null, verses: 1, available: true });
  });

  it('says a local reciter is unavailable once its recordings are gone', async () => {
    const dir = path.join(edge.config.mediaDir!, 'quran', LOCAL_RECITER.id);
    await rename(dir, `${dir}.away`);
    try {
      await edge.deps.media.refresh();
      const { body } = await get(`${BASE}/reciters`);
      const local = body.data.find((r: { id: string }) => r.id === LOCAL_RECITER.id);
      expect(local.audio).toEqual({ source: 'local', host: null, verses: 0, available: false });
    } finally {
      await rename(`${dir}.away`, dir);
      await edge.deps.media.refresh();
    }
  });
});

describe('GET /api/v1/quran/verse/{id}', () => {
  it('returns Ayat al-Kursi with its position', async () => {
    const { status, body } = await get(`${BASE}/verse/002255?lang=english`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: '002255', surah: 2, verse: 255, number: 262, juz: 3, page: 42 });
    expect(body.data.text.english).toMatch(/^Allah - there is no deity except Him/);
    expect(body.data.audio).toHaveLength(remoteCount);
  });

  it.each([['2255'], ['0022555'], ['abcdef']])('400 for id %s', async (id) => {
    expect((await get(`${BASE}/verse/${id}`)).status).toBe(400);
  });

  it.each([['002287'], ['115001'], ['000001'], ['001000']])('404 for id %s', async (id) => {
    const { status, body } = await get(`${BASE}/verse/${id}`);
    expect(status).toBe(404);
    expect(body.message).toBe(`Verse ${id} not found.`);
  });
});

describe('GET /api/v1/quran/verse/{id}/audio', () => {
  it('returns only the id and the audio links', async () => {
    const { body } = await get(`${BASE}/verse/${LOCAL_RECITER.verse}/audio`);
    expect(Object.keys(body.data)).toEqual(['id', 'audio']);
    expect(body.data.audio).toHaveLength(remoteCount + 1);
    const filtered = await get(`${BASE}/verse/002255/audio?reciter=${LOCAL_RECITER.id}`);
    expect(filtered.body.data).toEqual({ id: '002255', audio: [] });
  });

  it('400/404 like the verse itself', async () => {
    expect((await get(`${BASE}/verse/12/audio`)).status).toBe(400);
    expect((await get(`${BASE}/verse/114007/audio`)).status).toBe(404);
  });
});

describe('GET /api/v1/quran/verse/random', () => {
  it('returns a real verse (route wins over {id})', async () => {
    const { status, body } = await get(`${BASE}/verse/random?lang=arabic`);
    expect(status).toBe(200);
    expect(body.data.id).toMatch(/^\d{6}$/);
    expect(Object.keys(body.data.text)).toEqual(['arabic']);
    const surah = surahs[body.data.surah - 1]!;
    expect(body.data.verse).toBeLessThanOrEqual(surah.verses_count);
  });
});
