import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from '../../testing/edge-harness.ts';

const BASE = '/api/v1/quran';
let edge: Edge;
let key: string;

interface EditionRecord {
  id: string;
  language: { code: string; name: string; native: string };
  direction: string;
  default: boolean;
  source: { name: string; id: string; version: string };
  licence: string;
}

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 10_000 });
});
afterAll(() => edge.close());

const get = (pathAndQuery: string) => getJson(`${edge.url}${pathAndQuery}`, key);

/** Verse v (1-based) of an edition as the tree stores it: line v of quran/translations/<id>/NNN.json. */
async function stored(id: string, surah: number, verse: number): Promise<string> {
  const file = path.join(edge.config.contentDir, `quran/translations/${id}/${String(surah).padStart(3, '0')}.json`);
  return (JSON.parse(await readFile(file, 'utf8')) as string[])[verse - 1]!;
}

/** The body without what changes per request: the timestamp, the budget, and the signed links' expiry. */
function stable(body: Record<string, unknown>): string {
  const { timestamp: _timestamp, rateLimit: _rateLimit, ...rest } = body;
  return JSON.stringify(rest).replace(/expires=\d+&signature=[0-9a-f]+/g, 'expires=…');
}

describe('GET /api/v1/quran/translations', () => {
  it('lists at least 90 editions in at least 35 languages, English and Bengali among them', async () => {
    const { status, body } = await get(`${BASE}/translations`);
    expect(status).toBe(200);
    const editions = body.data as EditionRecord[];
    expect(body.count).toBe(editions.length);
    expect(editions.length).toBeGreaterThanOrEqual(90);
    const languages = new Set(editions.map((edition) => edition.language.code));
    expect(languages.size).toBeGreaterThanOrEqual(35);
    expect(editions.filter((e) => e.id === 'en.sahih' || e.id === 'bn.bengali').map((e) => e.default)).toEqual([
      true,
      true,
    ]);
    for (const code of languages) expect(editions.filter((e) => e.language.code === code && e.default)).toHaveLength(1);
    expect(body.api_info.attribution).toMatch(/tanzil\.net\/trans.*non-commercial/);
  });

  it("names each edition's language, direction, Tanzil id and version, and terms", async () => {
    const editions = (await get(`${BASE}/translations`)).body.data as EditionRecord[];
    const urdu = editions.find((edition) => edition.id === 'ur.jalandhry');
    expect(urdu).toMatchObject({
      language: { code: 'ur', name: 'Urdu', native: 'اردو' },
      direction: 'rtl',
      default: true,
      source: { name: 'Tanzil', id: 'ur.jalandhry', version: 'Last Update: December 24, 2010' },
      licence: expect.stringMatching(/^Tanzil's terms for translations: non-commercial only/),
    });
    expect(editions.find((edition) => edition.id === 'id.indonesian')?.direction).toBe('ltr');
  });
});

describe('translations= on verse reads', () => {
  it('gives verse 2:255 in the editions asked for, in that order', async () => {
    const ids = ['id.indonesian', 'ur.jalandhry', 'tr.diyanet'];
    const { status, body } = await get(`${BASE}/verse/2:255?translations=${ids.join(',')}`);
    expect(status).toBe(200);
    const expected = await Promise.all(ids.map(async (id) => ({ id, text: await stored(id, 2, 255) })));
    expect(body.data.translations).toEqual(expected);
    expect(body.data.translations[0].text).toMatch(/^Allah, tidak ada Tuhan \(yang berhak disembah\)/);
    expect(Object.keys(body.data).slice(-2)).toEqual(['translations', 'audio']);
  });

  it('takes a language code for its default edition: surah 1 in the default Persian', async () => {
    const { body } = await get(`${BASE}/surah/1?translations=fa`);
    const editions = (await get(`${BASE}/translations`)).body.data as EditionRecord[];
    const persian = editions.find((edition) => edition.language.code === 'fa' && edition.default)!;
    expect(persian.id).toBe('fa.makarem');
    expect(body.data.verses).toHaveLength(7);
    for (const [i, verse] of (body.data.verses as { translations: unknown }[]).entries()) {
      expect(verse.translations).toEqual([{ id: 'fa.makarem', text: await stored('fa.makarem', 1, i + 1) }]);
    }
  });

  it('carries them on every verse-bearing read', async () => {
    const reads = ['/verses?from=2:286&to=3:2', '/juz/30?pageSize=3', '/page/1', '/sajda', '/verse/random', '/ruku/2'];
    for (const read of reads) {
      const { status, body } = await get(`${BASE}${read}${read.includes('?') ? '&' : '?'}translations=sw,ha.gumi`);
      expect(status, read).toBe(200);
      const verses = (Array.isArray(body.data) ? body.data : (body.data.verses ?? [body.data])) as {
        surah: number;
        verse: number;
        translations: { id: string; text: string }[];
      }[];
      expect(verses.length, read).toBeGreaterThan(0);
      for (const verse of verses) {
        expect(
          verse.translations.map((t) => t.id),
          read,
        ).toEqual(['sw.barwani', 'ha.gumi']);
        expect(verse.translations[1]!.text, read).toBe(await stored('ha.gumi', verse.surah, verse.verse));
      }
    }
  });

  it('names an unknown edition in a 400 that points at the list', async () => {
    const { status, body } = await get(`${BASE}/verse/2:255?translations=id.indonesian,xx.nowhere`);
    expect(status).toBe(400);
    expect(body.message).toMatch(
      /^translations names an unknown edition "xx\.nowhere".*\/api\/v1\/quran\/translations/,
    );
  });

  it('refuses more than ten editions, and an empty list', async () => {
    const eleven = 'id,ur,tr,fa,de,fr,ru,sw,ha,so,ms';
    expect((await get(`${BASE}/verse/1:1?translations=${eleven}`)).body.message).toMatch(/at most 10 editions, got 11/);
    expect((await get(`${BASE}/verse/1:1?translations=,`)).status).toBe(400);
  });

  it('leaves every response without translations= as it was: the same verses, no translations key', async () => {
    const reads = ['/verse/2:255', '/surah/1', '/verses?from=2:255&to=2:257', '/juz/30?pageSize=2', '/sajda'];
    for (const read of reads) {
      const plain = (await get(`${BASE}${read}`)).body;
      expect(JSON.stringify(plain.data), read).not.toContain('"translations"');
      const translated = (await get(`${BASE}${read}${read.includes('?') ? '&' : '?'}translations=id`)).body;
      const data = JSON.parse(JSON.stringify(translated.data), (name, value) =>
        name === 'translations' ? undefined : value,
      );
      expect(stable({ ...translated, data }), read).toBe(stable(plain));
    }
  });
});
