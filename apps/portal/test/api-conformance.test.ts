// Every endpoint of the real edge and calc apps, successes and the main errors,
// checked against the OpenAPI document they serve: if the document drifts from
// the code (or the code from the contract), this fails.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { documentFor, openapiDocument } from '@ira/core/contract/openapi/document';
import { createResponseValidator, pathTemplateFor, validateDocument } from '@ira/testing/openapi-validate';
import { createApp as createCalcApp } from '@ira/calc/src/app.ts';
import { builtPlaces } from '@ira/calc/src/test-support/places.ts';
import { startStack, type Stack } from './stack.ts';

let stack: Stack;
let key: string;
const covered = new Set<string>();
const validateResponse = createResponseValidator(openapiDocument);

beforeAll(async () => {
  stack = await startStack({ RATE_LIMIT_GENERAL: '100000', RATE_LIMIT_CALCULATION: '100000' });
  key = (await issueKey(stack.deps.store, { userId: null, name: 'conformance' })).key;
}, 60_000);
afterAll(() => stack?.close());

interface Call {
  method?: string;
  key?: string | null;
  base?: string;
  headers?: Record<string, string>;
}

/** Calls the API and asserts the response matches the document; returns it. */
async function conforms(pathAndQuery: string, status: number, options: Call = {}) {
  const method = options.method ?? 'GET';
  const url = new URL(pathAndQuery, options.base ?? stack.config.publicUrl);
  const headers: Record<string, string> = { ...options.headers };
  const sentKey = options.key === undefined ? key : options.key;
  if (sentKey !== null) headers['X-API-Key'] = sentKey;
  const response = await fetch(url, { method, headers, redirect: 'manual' });
  const type = response.headers.get('content-type') ?? '';
  const body: any = type.includes('json') ? await response.json() : Buffer.from(await response.arrayBuffer());
  const template = pathTemplateFor(url.pathname, openapiDocument) ?? url.pathname;
  expect(response.status, `${method} ${pathAndQuery}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
  expect(
    validateResponse(method, template, response.status, response.headers, body),
    `${method} ${pathAndQuery}`,
  ).toEqual([]);
  if (method === 'GET' && response.status < 400) covered.add(template);
  return { body, headers: response.headers };
}

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    expect(await validateDocument(openapiDocument)).toEqual({ valid: true, errors: [] });
  });

  it('is what the API serves at /api/v1/openapi.json', async () => {
    const { body } = await conforms('/api/v1/openapi.json', 200, { key: null });
    expect(body).toEqual(JSON.parse(JSON.stringify(documentFor(stack.config.publicUrl))));
  });
  it('is indexed at /api/v1, key or no key, every endpoint with its docs anchor', async () => {
    const { body } = await conforms('/api/v1', 200, { key: null });
    expect(body.openapi).toBe(`${stack.config.publicUrl}/api/v1/openapi.json`);
    expect(body.endpoints).toHaveLength(Object.keys(openapiDocument.paths).length);
    expect((await conforms('/api/v1', 200)).body).toEqual(body);
  });
});

describe('99 Names', () => {
  it('list, one, random, search, daily', async () => {
    expect((await conforms('/api/v1/asma-ul-husna', 200)).body.count).toBe(99);
    const first = (await conforms('/api/v1/asma-ul-husna/1', 200)).body.data;
    expect(first.audio).toMatch(/\/api\/v1\/audio\/asma-ul-husna\/01\.mp3\?expires=\d+&signature=[0-9a-f]{64}$/);
    await conforms('/api/v1/asma-ul-husna/99', 200);
    await conforms('/api/v1/asma-ul-husna/random', 200);
    expect((await conforms('/api/v1/asma-ul-husna/search?q=rahman', 200)).body.count).toBeGreaterThan(0);
    expect((await conforms('/api/v1/asma-ul-husna/search?q=zzqqxxyy', 200)).body).toMatchObject({ count: 0, data: [] });
    await conforms('/api/v1/asma-ul-husna/daily', 200);
    await conforms('/api/v1/asma-ul-husna/daily/42', 200);
  });

  it('400 and 404 bodies', async () => {
    expect((await conforms('/api/v1/asma-ul-husna/search', 400)).body).toEqual({
      success: false,
      error: 'q query parameter is required',
    });
    expect((await conforms('/api/v1/asma-ul-husna/abc', 400)).body).toEqual({
      success: false,
      error: 'number must be a valid integer',
    });
    expect((await conforms('/api/v1/asma-ul-husna/100', 404)).body).toEqual({
      success: false,
      error: 'Name number 100 not found',
    });
    await conforms('/api/v1/asma-ul-husna/daily/100', 400);
    await conforms('/api/v1/asma-ul-husna/daily/x', 400);
  });
});

describe('Quran', () => {
  it('surahs, one surah with pagination, reciters, verses', async () => {
    expect((await conforms('/api/v1/quran/surahs', 200)).body.count).toBe(114);
    await conforms('/api/v1/quran/surah/1', 200);
    const page = (await conforms('/api/v1/quran/surah/2?pageNumber=2&pageSize=50&lang=english', 200)).body.data;
    expect(page.pagination).toEqual({ pageNumber: 2, pageSize: 50, totalVerses: 286, totalPages: 6 });
    expect((await conforms('/api/v1/quran/surah/1?pageNumber=9', 200)).body.data.verses).toEqual([]);
    const reciters = (await conforms('/api/v1/quran/reciters', 200)).body.data;
    const verse = (await conforms(`/api/v1/quran/verse/002255?lang=arabic,bengali&reciter=${reciters[0].id}`, 200)).body
      .data;
    expect(Object.keys(verse.text).sort()).toEqual(['arabic', 'bengali']);
    await conforms('/api/v1/quran/verse/001001/audio', 200);
    await conforms('/api/v1/quran/verse/random', 200);
  });

  it('400 and 404 bodies', async () => {
    await conforms('/api/v1/quran/surah/abc', 400);
    await conforms('/api/v1/quran/surah/115', 404);
    await conforms('/api/v1/quran/surah/1?pageSize=301', 400);
    await conforms('/api/v1/quran/surah/1?lang=klingon', 400);
    await conforms('/api/v1/quran/verse/12', 400);
    await conforms('/api/v1/quran/verse/001999', 404);
    await conforms('/api/v1/quran/verse/002255?reciter=nobody-at-all', 400);
    await conforms('/api/v1/quran/verse/12/audio', 400);
  });
});

describe('Quran translations', () => {
  it('the editions, verses with translations, and search in an edition', async () => {
    const editions = (await conforms('/api/v1/quran/translations', 200)).body;
    expect(editions.count).toBeGreaterThanOrEqual(90);
    const verse = (await conforms('/api/v1/quran/verse/2:255?translations=id.indonesian,ur&audio=none', 200)).body.data;
    expect(verse.translations.map((t: { id: string }) => t.id)).toEqual(['id.indonesian', 'ur.jalandhry']);
    await conforms('/api/v1/quran/surah/1?translations=fa', 200);
    await conforms('/api/v1/quran/juz/30?pageSize=2&translations=zh.jian', 200);
    const found = (await conforms(`/api/v1/quran/search?q=${encodeURIComponent('menyebut nama Allah')}&lang=id`, 200))
      .body;
    expect(found.data.query).toMatchObject({ lang: 'id', translation: 'id.indonesian' });
    await conforms('/api/v1/quran/verse/1:1?translations=xx.none', 400);
    await conforms('/api/v1/quran/search?q=a&translation=id.indonesian&lang=en', 400);
  });
});

describe('Quran reads, search and caching', () => {
  it('verse keys, ranges, divisions, sajda and search', async () => {
    expect((await conforms('/api/v1/quran/verse/2:255?audio=none', 200)).body.data.id).toBe('002255');
    const range = (await conforms('/api/v1/quran/verses?from=2:255&to=2:257&reciter=alafasy,ghamdi', 200)).body.data;
    expect(range.range).toMatchObject({ first_verse_key: '2:255', last_verse_key: '2:257', verses_count: 3 });
    expect((await conforms('/api/v1/quran/juz/30?audio=none', 200)).body.data.division.surahs).toHaveLength(37);
    await conforms('/api/v1/quran/hizb/60?lang=english', 200);
    await conforms('/api/v1/quran/rub/106?pageSize=5', 200);
    expect(
      (await conforms('/api/v1/quran/page/604?audio=none', 200)).body.data.division.surahs.map(
        (s: { number: number }) => s.number,
      ),
    ).toEqual([112, 113, 114]);
    await conforms('/api/v1/quran/ruku/556', 200);
    await conforms('/api/v1/quran/manzil/7?pageNumber=99', 200);
    expect((await conforms('/api/v1/quran/sajda?audio=none', 200)).body.count).toBe(15);
    const found = (await conforms(`/api/v1/quran/search?q=${encodeURIComponent('"Lord of the worlds"')}&lang=en`, 200))
      .body;
    expect(found.data.results.map((r: { key: string }) => r.key)).toContain('1:2');
    await conforms(`/api/v1/quran/search?q=${encodeURIComponent('الرحمن')}&surah=55`, 200);
    expect((await conforms('/api/v1/quran/search?q=zzqqxxyy&lang=en', 200)).body.count).toBe(0);
  });

  it('400 and 404 bodies', async () => {
    await conforms('/api/v1/quran/verses?from=2:287', 400);
    await conforms('/api/v1/quran/verses?from=2:257&to=2:255', 400);
    await conforms('/api/v1/quran/verses?from=2:1&to=3:15', 400);
    await conforms('/api/v1/quran/juz/31', 404);
    await conforms('/api/v1/quran/page/x', 400);
    await conforms('/api/v1/quran/sajda?audio=sometimes', 400);
    await conforms('/api/v1/quran/search?lang=en', 400);
  });

  it('answers If-None-Match with a 304 that carries the tag and the rate-limit headers', async () => {
    const first = await conforms('/api/v1/quran/surah/1?audio=none', 200);
    const url = new URL('/api/v1/quran/surah/1?audio=none', stack.config.publicUrl);
    const response = await fetch(url, { headers: { 'X-API-Key': key, 'If-None-Match': first.headers.get('etag')! } });
    expect(response.status).toBe(304);
    expect(validateResponse('GET', '/api/v1/quran/surah/{number}', 304, response.headers, null)).toEqual([]);
  });
});

describe('signed audio', () => {
  it('serves a signed name link and refuses a tampered one', async () => {
    const link = new URL((await conforms('/api/v1/asma-ul-husna/1', 200)).body.data.audio);
    const file = await conforms(`${link.pathname}${link.search}`, 200, { key: null });
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    const tampered = link.search.replace(
      /signature=([0-9a-f])/,
      (_, c: string) => `signature=${c === 'a' ? 'b' : 'a'}`,
    );
    expect((await conforms(`${link.pathname}${tampered}`, 403, { key: null })).body.message).toBe(
      'Invalid audio signature.',
    );
  });

  it('proxies a remote reciter link (AUDIO_MODE=proxy, from the loopback upstream), ranges included', async () => {
    const audio = (await conforms('/api/v1/quran/verse/001001/audio', 200)).body.data.audio;
    const link = new URL(audio[0].url);
    const file = await conforms(`${link.pathname}${link.search}`, 200, { key: null });
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    const range = await conforms(`${link.pathname}${link.search}`, 206, {
      key: null,
      headers: { Range: 'bytes=100-199' },
    });
    expect(range.headers.get('content-range')).toMatch(/^bytes 100-199\/\d+$/);
  });
});

describe('prayer time and Qibla (wrapped layout, through the edge)', () => {
  it('successes, the lng alias and the 400 bodies', async () => {
    const wrapped = (await conforms('/api/v1/prayer-time?lat=24.8607&lon=67.0011&date=2025-03-01', 200)).body;
    expect(wrapped).toMatchObject({ status: 200, ok: true, data: { api_key: key, timezone: 'Asia/Karachi' } });
    await conforms('/api/v1/prayer-time?lat=69.6492&lng=18.9553&date=2025-06-21&method=MWL&school=hanafi', 200);
    expect((await conforms('/api/v1/prayer-time?lat=abc&lon=1', 400)).body).toEqual({
      error: 'lat and lon must be valid numeric coordinates',
    });
    await conforms('/api/v1/prayer-time?lat=1&lon=1&method=nope', 400);
    expect((await conforms('/api/v1/qibla?lat=51.5074&lon=-0.1278', 200)).body.data.data.qibla_direction).toBe(
      'Southeast',
    );
    expect((await conforms('/api/v1/qibla?lat=51.5', 400)).body.message).toBe(
      'lat and lon are required and must be valid numbers.',
    );
  });
});

describe('calendar, next prayer, iCalendar feed and Hijri (through the edge)', () => {
  it('successes', async () => {
    const month = (await conforms('/api/v1/prayer-time/calendar?lat=24.8607&lon=67.0011&year=2026&month=2', 200)).body
      .data;
    expect(month.days).toHaveLength(28);
    expect(month.days[17].hijri.holidays).toEqual(['First of Ramadan']);
    await conforms(
      '/api/v1/prayer-time/calendar?lat=69.6492&lon=18.9553&year=2026&month=6&polarResolution=unresolved',
      200,
    );
    expect(
      (await conforms('/api/v1/prayer-time?lat=24.8607&lon=67.0011&date=1900-01-01', 200)).body.data.hijri,
    ).toBeNull();
    const next = (await conforms('/api/v1/prayer-time/next?lat=21.4225&lon=39.8262&at=2026-03-20T01:00:00Z', 200)).body
      .data;
    expect(next.current.name).toBe('isha');
    // Samoa skipped 2011-12-30: the month has 30 days, a note names the day, /next steps over it.
    const apia = (await conforms('/api/v1/prayer-time/calendar?lat=-13.8333&lon=-171.7667&year=2011&month=12', 200))
      .body.data;
    expect(apia.days).toHaveLength(30);
    expect(apia.note).toMatch(/^2011-12-30 is left out/);
    expect(
      (await conforms('/api/v1/prayer-time/next?lat=-13.8333&lon=-171.7667&at=2011-12-30T08:00:00Z', 200)).body.data
        .next.name,
    ).toBe('fajr');
    const feed = await conforms(`/api/v1/prayer-time/calendar.ics?lat=21.4225&lon=39.8262&days=2&api_key=${key}`, 200, {
      key: null,
    });
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect((await conforms('/api/v1/hijri?hijri=1447-09-01', 200)).body.data.data.gregorian).toBe('2026-02-18');
    await conforms('/api/v1/hijri?date=2026-03-20&hijriAdjustment=-1', 200);
    // The Ramadan timetable: a Hijri month of days; the feed of the same month.
    const ramadan = (
      await conforms(
        '/api/v1/prayer-time/calendar?lat=21.4225&lon=39.8262&method=makkah&hijriYear=1447&hijriMonth=9',
        200,
      )
    ).body.data;
    expect(ramadan.days[0]).toMatchObject({ date: '2026-02-18', hijri: { date: '1447-09-01' } });
    await conforms(
      `/api/v1/prayer-time/calendar.ics?lat=21.4225&lon=39.8262&hijriYear=1447&hijriMonth=9&api_key=${key}`,
      200,
      {
        key: null,
      },
    );
    const moroccoHigh = (
      await conforms('/api/v1/prayer-time?lat=33.5267&lon=-5.1102&method=morocco&elevation=1648', 200)
    ).body.data;
    expect(moroccoHigh.request.elevation).toBe(1648);
    const holidays = (await conforms('/api/v1/hijri/holidays?year=1447', 200)).body.data.data;
    expect(holidays.holidays.find((holiday: { id: string }) => holiday.id === 'ramadan-start').date).toBe('2026-02-18');
    await conforms('/api/v1/hijri/holidays?gregorianYear=2026&hijriAdjustment=1', 200);
    const nextHoliday = (await conforms('/api/v1/hijri/holidays/next?date=2026-02-17', 200)).body.data.data;
    expect(nextHoliday).toMatchObject({ daysUntil: 1, holiday: { id: 'ramadan-start' } });
    expect(
      (await conforms('/api/v1/qibla?lat=51.5074&lon=-0.1278&date=2031-01-01', 200)).body.data.data.magnetic,
    ).toBeNull();
    expect(
      (await conforms('/api/v1/qibla?lat=51.5074&lon=-0.1278&date=2026-06-01', 200)).body.data.data.magnetic.model,
    ).toBe('WMM2025');
  });

  it('400 bodies', async () => {
    expect((await conforms('/api/v1/prayer-time/calendar?lat=1&lon=1&year=2026&month=13', 400)).body.error).toMatch(
      /^month /,
    );
    expect((await conforms('/api/v1/prayer-time/calendar?lat=1&lon=1', 400)).body.error).toMatch(/^year /);
    expect((await conforms('/api/v1/prayer-time/calendar.ics?lat=1&lon=1&days=0', 400)).body.error).toMatch(/^days /);
    expect((await conforms('/api/v1/prayer-time/next?lat=1&lon=1&at=2026-03-20T10:00:00', 400)).body.error).toMatch(
      /^at /,
    );
    expect((await conforms('/api/v1/prayer-time?lat=1&lon=1&imsakMinutes=99', 400)).body.error).toMatch(
      /^imsakMinutes /,
    );
    expect((await conforms('/api/v1/hijri?hijri=1447-02-30', 400)).body.message).toMatch(/^hijri /);
    expect((await conforms('/api/v1/hijri?hijri=1447-13-01', 400)).body.message).toMatch(/^hijri /);
    expect((await conforms('/api/v1/qibla?lat=1&lon=1&date=2026-13-01', 400)).body.message).toMatch(/^date /);
    expect(
      (await conforms('/api/v1/prayer-time/calendar?lat=1&lon=1&hijriYear=1501&hijriMonth=9', 400)).body.error,
    ).toMatch(/^hijriYear .*1356 to 1500/);
    expect(
      (await conforms('/api/v1/prayer-time/calendar?lat=1&lon=1&year=2026&hijriYear=1447', 400)).body.error,
    ).toMatch(/year .* hijriYear/);
    expect((await conforms('/api/v1/prayer-time?lat=1&lon=1&elevation=10000', 400)).body.error).toMatch(/^elevation /);
    expect((await conforms('/api/v1/hijri/holidays?year=1501', 400)).body.message).toMatch(/^year /);
    expect((await conforms('/api/v1/hijri/holidays/next?date=2026-02-30', 400)).body.message).toMatch(/^date /);
  });
});

describe('places (calc, through the edge)', () => {
  it('search, nearest, and the calculations by place and city, with their errors', async () => {
    const found = (await conforms('/api/v1/places?q=%D9%85%D9%83%D8%A9', 200)).body;
    expect(found.data[0]).toMatchObject({ name: 'Mecca', country: { code: 'SA' } });
    expect(found.api_info.attribution).toContain('GeoNames');
    expect((await conforms('/api/v1/places?q=zzqqxxyy', 200)).body).toMatchObject({ count: 0, data: [] });
    expect((await conforms('/api/v1/places/nearest?lat=23.7104&lon=90.40744', 200)).body.data.name).toBe('Dhaka');
    expect((await conforms('/api/v1/places?q=', 400)).body.message).toMatch(/^q /);
    expect((await conforms('/api/v1/places?q=Doha&limit=51', 400)).body.message).toMatch(/^limit /);
    expect((await conforms('/api/v1/places/nearest?lat=91&lon=0', 400)).body.message).toMatch(/lat and lon/);
    const byPlace = (await conforms('/api/v1/prayer-time?place=1185241&date=2026-03-20', 200)).body.data;
    expect(byPlace.request.place).toMatchObject({ id: 1185241, name: 'Dhaka', country: 'BD' });
    expect((await conforms('/api/v1/qibla?city=Doha&country=QA', 200)).body.data.data.request.place.id).toBe(290030);
    await conforms('/api/v1/prayer-time/calendar?city=Makkah&year=2026&month=3', 200);
    await conforms('/api/v1/prayer-time/next?place=1185241&at=2026-03-20T01:00:00Z', 200);
    expect((await conforms('/api/v1/prayer-time?city=Springfield', 400)).body.candidates.length).toBeGreaterThan(1);
    expect((await conforms('/api/v1/qibla?city=Springfield', 400)).body.candidates.length).toBeGreaterThan(1);
    expect((await conforms('/api/v1/prayer-time?place=1&lat=1&lon=1', 400)).body.error).toMatch(/^send either place/);
    expect((await conforms('/api/v1/prayer-time?place=1', 404)).body.error).toMatch(/^place 1 /);
    expect((await conforms('/api/v1/qibla?city=Zzqqxxyy', 404)).body.message).toMatch(/city=Zzqqxxyy/);
  });
});

describe('prayer time and Qibla (flat layout)', () => {
  it('matches the flat schemas', async () => {
    const app = createCalcApp({ ...stack.config, responseLayout: 'flat' }, stack.deps, { places: await builtPlaces() });
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await conforms('/api/v1/prayer-time?lat=21.4225&lon=39.8262', 200, { base })).body).not.toHaveProperty(
        'ok',
      );
      expect((await conforms('/api/v1/qibla?lat=-33.8688&lon=151.2093', 200, { base })).body.service).toBe(
        'qibla-direction',
      );
      expect(
        (await conforms('/api/v1/prayer-time/calendar?lat=-13.8333&lon=-171.7667&year=2026&month=12', 200, { base }))
          .body.days,
      ).toHaveLength(31);
      expect((await conforms('/api/v1/prayer-time/next?lat=1.8721&lon=-157.4278', 200, { base })).body).toHaveProperty(
        'next.secondsUntil',
      );
      // The top-level note: the method auto chose, and the day the zone skipped.
      expect(
        (
          await conforms(
            '/api/v1/prayer-time/calendar?lat=-13.8333&lon=-171.7667&year=2011&month=12&method=auto',
            200,
            { base },
          )
        ).body.note,
      ).toMatch(/2011-12-30 is left out/);
      expect(
        (await conforms('/api/v1/prayer-time/next?lat=21.4225&lon=39.8262&method=auto', 200, { base })).body,
      ).toHaveProperty('note');
      expect((await conforms('/api/v1/hijri?date=2026-05-27', 200, { base })).body.data.hijri.holidays).toEqual([
        'Eid al-Adha',
      ]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

describe('shared errors', () => {
  it('401 on every keyed area, with no key or a bad one', async () => {
    await conforms('/api/v1/asma-ul-husna', 401, { key: null });
    await conforms('/api/v1/quran/surahs', 401, { key: 'ira_live_not-a-key' });
    await conforms('/api/v1/prayer-time?lat=1&lon=1', 401, { key: null });
    await conforms('/api/v1/qibla?lat=1&lon=1', 401, { key: null, base: stack.config.calcUrl });
  });

  it('429 with Retry-After once a key has used its budget', async () => {
    const limited = (
      await issueKey(stack.deps.store, { userId: null, name: 'limited', limits: { general: 1, calculation: 1 } })
    ).key;
    await conforms('/api/v1/asma-ul-husna/2', 200, { key: limited });
    const tooMany = await conforms('/api/v1/asma-ul-husna/2', 429, { key: limited });
    expect(tooMany.body.rateLimit.remaining).toBe(0);
    await conforms('/api/v1/qibla?lat=1&lon=1', 200, { key: limited });
    await conforms('/api/v1/qibla?lat=1&lon=1', 429, { key: limited });
  });

  it('every keyed operation answers 401 without a key, as its document says (never cached)', async () => {
    for (const [template, item] of Object.entries(openapiDocument.paths)) {
      const get = (item as { get?: { security?: unknown[] } }).get;
      if (get === undefined || get.security !== undefined) continue;
      const { headers } = await conforms(template.replace(/\{[^}]+\}/g, '1'), 401, { key: null });
      expect(headers.get('cache-control'), template).toBe('no-store');
    }
  });

  it('405 for other methods, 404 for unknown routes, healthz and readyz', async () => {
    await conforms('/api/v1/quran/surahs', 405, { method: 'POST' });
    await conforms('/api/v1/nothing-here', 404);
    await conforms('/healthz', 200, { key: null });
    await conforms('/readyz', 200, { key: null });
  });
});

describe('coverage', () => {
  it('called every documented GET path successfully', () => {
    expect([...Object.keys(openapiDocument.paths)].filter((template) => !covered.has(template))).toEqual([]);
  });
});
