import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startEdge, type Edge } from '../../testing/edge-harness.ts';

const SEARCH = '/api/v1/quran/search';
let edge: Edge;
let key: string;

interface Result {
  key: string;
  text: string;
  matches: { start: number; end: number }[];
}

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 10_000 });
});
afterAll(() => edge.close());

const search = async (query: string) => getJson(`${edge.url}${SEARCH}?${query}`, key);
const marked = (result: Result) => result.matches.map((m) => result.text.slice(m.start, m.end));

describe('GET /api/v1/quran/search in a translation', () => {
  it('finds 1:1 for "menyebut nama Allah" in id.indonesian, with the words marked', async () => {
    const { status, body } = await search(`q=${encodeURIComponent('menyebut nama Allah')}&translation=id.indonesian`);
    expect(status).toBe(200);
    expect(body.data.query).toEqual({ q: 'menyebut nama Allah', lang: 'id', translation: 'id.indonesian' });
    const results = body.data.results as Result[];
    const fatiha = results.find((result) => result.key === '1:1')!;
    expect(fatiha.text).toBe('Dengan menyebut nama Allah Yang Maha Pemurah lagi Maha Penyayang.');
    expect(marked(fatiha)).toEqual(['menyebut nama Allah']);
    expect(body.count).toBe(results.length);
  });

  it('takes a language code in lang for its default edition, and pages as the other searches do', async () => {
    const byCode = await search('q=rahmat&lang=id&pageSize=5&pageNumber=2');
    const byId = await search('q=rahmat&translation=id.indonesian&pageSize=5&pageNumber=2');
    expect(byCode.body.data.results).toEqual(byId.body.data.results);
    expect(byCode.body.data.pagination).toMatchObject({ pageNumber: 2, pageSize: 5 });
    expect(byCode.body.data.results).toHaveLength(5);
  });

  it("folds case and diacritics in Latin scripts: Turkish ALLAH'IN and allahın meet", async () => {
    const upper = await search(`q=${encodeURIComponent("ALLAH'IN")}&translation=tr.diyanet`);
    const lower = await search(`q=${encodeURIComponent("allah'ın")}&translation=tr.diyanet`);
    expect(upper.body.count).toBeGreaterThan(0);
    expect(lower.body.count).toBe(upper.body.count);
  });

  it('folds Arabic script in Urdu and Persian: Arabic ي and ك find Urdu ی and ک, ه finds ہ', async () => {
    const urdu = await search(`q=${encodeURIComponent('اللہ کی')}&lang=ur`);
    const typedArabic = await search(`q=${encodeURIComponent('الله كي')}&lang=ur`);
    expect(urdu.body.data.query.translation).toBe('ur.jalandhry');
    expect(urdu.body.count).toBeGreaterThan(0);
    expect(typedArabic.body.data.results.map((r: Result) => r.key)).toEqual(
      urdu.body.data.results.map((r: Result) => r.key),
    );
  });

  it('finds Chinese letters together, without spaces between words', async () => {
    const { body } = await search(`q=${encodeURIComponent('真主')}&translation=zh.jian&pageSize=3`);
    expect(body.count).toBeGreaterThan(100);
    for (const result of body.data.results as Result[]) {
      // Neighbouring matches merge into one span, as neighbouring words do in English.
      expect(marked(result).length).toBeGreaterThan(0);
      for (const span of marked(result)) expect(span).toContain('真主');
    }
    const three = await search(`q=${encodeURIComponent('至仁主')}&translation=zh.jian`);
    for (const result of three.body.data.results as Result[]) expect(result.text).toContain('至仁主');
  });

  it('names an unknown translation, and refuses lang with translation', async () => {
    const unknown = await search('q=Allah&translation=xx.none');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown translation "xx\.none".*\/api\/v1\/quran\/translations/);
    const both = await search('q=Allah&lang=en&translation=id.indonesian');
    expect(both.status).toBe(400);
    expect(both.body.message).toMatch(/lang or translation, not both/);
    expect((await search('q=Allah&lang=xx')).status).toBe(400);
  });

  it('searches English and Bengali as before with lang=en and lang=bn', async () => {
    const { body } = await search('q=mercy&lang=en&pageSize=1');
    expect(body.data.query).toEqual({ q: 'mercy', lang: 'en' });
  });
});
