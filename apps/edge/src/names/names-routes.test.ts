import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getJson, startEdge, type Edge } from '../testing/edge-harness.ts';

const BASE = '/api/v1/asma-ul-husna';
let edge: Edge;
let key: string;
let record1: unknown;

beforeAll(async () => {
  edge = await startEdge();
  key = await edge.key({ general: 10_000 });
  record1 = JSON.parse(await readFile(path.join(edge.config.contentDir, 'names/01.json'), 'utf8'));
});
afterAll(() => edge.close());

const get = (pathAndQuery: string) => getJson(`${edge.url}${pathAndQuery}`, key);

describe('GET /api/v1/asma-ul-husna', () => {
  it('lists all 99 records in order in the common envelope', async () => {
    const { status, headers, body } = await get(BASE);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(body)).toEqual(['success', 'service', 'count', 'data', 'timestamp', 'api_info', 'rateLimit']);
    expect(body).toMatchObject({ success: true, service: 'asma-ul-husna', count: 99 });
    expect(body.data.map((n: { number: number }) => n.number)).toEqual(Array.from({ length: 99 }, (_, i) => i + 1));
    expect(body.api_info).toEqual({
      usage: 'GET /api/v1/asma-ul-husna?api_key=YOUR_API_KEY',
      version: 'v1',
      docs: `${edge.config.portalUrl}/docs`,
    });
    expect(body.rateLimit).toMatchObject({ category: 'general', limit: 10_000 });
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp);
  });

  it('gives a name audio (signed, right after name) only when its file exists', async () => {
    const { body } = await get(BASE);
    const [first, second, third] = [body.data[0], body.data[1], body.data[2]];
    expect(Object.keys(first)).toEqual(['number', 'name', 'audio', 'languages']);
    // 02.mp3 is a symlink out of MEDIA_DIR: never offered.
    expect(second).not.toHaveProperty('audio');
    expect(first.audio).toMatch(
      /^http:\/\/localhost:3000\/api\/v1\/audio\/asma-ul-husna\/01\.mp3\?expires=\d+&signature=[0-9a-f]{64}$/,
    );
    expect(third).not.toHaveProperty('audio');
    const { audio: _audio, ...withoutAudio } = first;
    expect(withoutAudio).toEqual(record1);
  });
});

describe('GET /api/v1/asma-ul-husna/{number}', () => {
  it('returns one record without count', async () => {
    const { status, body } = await get(`${BASE}/3`);
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('count');
    expect(body.data).toMatchObject({ number: 3, name: 'Al-Malik' });
    expect(body.data.languages.bn).not.toHaveProperty('arabic');
    expect(body.api_info.usage).toBe('GET /api/v1/asma-ul-husna/{number}?api_key=YOUR_API_KEY');
  });

  it.each(['abc', '1.5', '1e2', '0x10', ' '])('400 with the spec body for %j', async (raw) => {
    const { status, body } = await get(`${BASE}/${encodeURIComponent(raw)}`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'number must be a valid integer' });
  });

  it.each([
    ['100', 'Name number 100 not found'],
    ['0', 'Name number 0 not found'],
    ['-5', 'Name number -5 not found'],
    ['00100', 'Name number 100 not found'],
  ])('404 with the spec body for %s', async (raw, error) => {
    const { status, body } = await get(`${BASE}/${raw}`);
    expect(status).toBe(404);
    expect(body).toEqual({ success: false, error });
  });
});

describe('GET /api/v1/asma-ul-husna/random', () => {
  it('returns one valid record (not taken for a number)', async () => {
    const { status, body } = await get(`${BASE}/random`);
    expect(status).toBe(200);
    expect(body.data.number).toBeGreaterThanOrEqual(1);
    expect(body.data.number).toBeLessThanOrEqual(99);
  });
});

describe('GET /api/v1/asma-ul-husna/search', () => {
  const numbers = async (q: string) =>
    (await get(`${BASE}/search?q=${encodeURIComponent(q)}`)).body.data.map((n: { number: number }) => n.number);

  it('finds Ar-Rahman first for "rahman", undiacritised Arabic and the full name', async () => {
    expect((await numbers('rahman'))[0]).toBe(1);
    expect((await numbers('الرحمن'))[0]).toBe(1);
    expect((await numbers('Ar-Rahman'))[0]).toBe(1);
    expect((await numbers('RAHMÁN'))[0]).toBe(1);
  });

  it('ranks an exact name before names that only mention it', async () => {
    const found = await numbers('malik');
    expect(found[0]).toBe(3);
    expect(found).toContain(84);
  });

  it('matches English translation and Bengali text', async () => {
    expect(await numbers('most merciful')).toContain(2);
    expect((await numbers('আর-রহমান'))[0]).toBe(1);
  });

  it('answers 200 with count 0 and [] when nothing matches', async () => {
    const { status, body } = await get(`${BASE}/search?q=xyzzyq`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, count: 0, data: [] });
  });

  it.each(['', '?q=', '?q=%20%20'])('400 with the spec body when q is missing (%j)', async (query) => {
    const { status, body } = await get(`${BASE}/search${query}`);
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error: 'q query parameter is required' });
  });

  it.each(['%00', 'rahman%00', 'rah%0Aman', `${'a'.repeat(201)}`])(
    '400 naming q for q=%s (control characters, length)',
    async (q) => {
      const { status, body } = await get(`${BASE}/search?q=${q}`);
      expect(status).toBe(400);
      expect(body).toEqual({
        success: false,
        error: 'q must be at most 200 characters, without control characters (such as NUL or a line break)',
      });
    },
  );

  it('counts what it returns', async () => {
    const { body } = await get(`${BASE}/search?q=al`);
    expect(body.count).toBe(body.data.length);
    expect(body.count).toBeGreaterThan(1);
  });
});

describe('GET /api/v1/asma-ul-husna/daily', () => {
  it("uses today's UTC day of the month", async () => {
    // A fixed clock one second before UTC midnight: the 17th in UTC, already the 18th east of it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-03-17T23:59:59Z') });
    try {
      const { body } = await get(`${BASE}/daily`);
      expect(body.data.number).toBe(17);
    } finally {
      vi.useRealTimers();
    }
  });

  it('returns the name of a given day', async () => {
    const { body } = await get(`${BASE}/daily/77`);
    expect(body.data.number).toBe(77);
  });

  it.each(['0', '100', 'x', '2.5'])('400 in the generic shape for day %s', async (day) => {
    const { status, body } = await get(`${BASE}/daily/${day}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      error: 'Bad Request',
      message: `day must be an integer from 1 to 99, got "${day}".`,
    });
  });
});
