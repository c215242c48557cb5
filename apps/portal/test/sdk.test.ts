// The SDK (@islamic-reference-api/client) against the real edge and calc apps: every
// area gives the resource itself, the same object on a wrapped and a flat deployment
// and the one the raw body holds at its documented depth; errors are ApiErrors with
// the API's sentence, and a 429 carries Retry-After. (The installed tarball run by the
// machine's Node: sdk-package.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, IslamicReferenceApi } from '@islamic-reference-api/client';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import { startStack, type Stack } from './stack.ts';

const KARACHI = { lat: 24.8607, lon: 67.0011 };
const DAY = '2025-03-01';
let wrapped: Stack;
let flat: Stack;
const keys = { wrapped: '', flat: '' };
const api = {} as Record<'wrapped' | 'flat', IslamicReferenceApi>;

async function keyFor(stack: Stack, general = 1000): Promise<string> {
  const limits = { general, calculation: 1000 };
  return (await issueKey(stack.deps.store, { userId: null, name: 'sdk', limits })).key;
}

/** The body as the API sends it, for comparing with what the SDK returns. */
async function raw(stack: Stack, key: string, pathAndQuery: string): Promise<any> {
  const response = await fetch(`${stack.config.publicUrl}${pathAndQuery}`, { headers: { 'X-API-Key': key } });
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  [wrapped, flat] = await Promise.all([startStack(), startStack({ RESPONSE_LAYOUT: 'flat' })]);
  keys.wrapped = await keyFor(wrapped);
  keys.flat = await keyFor(flat);
  api.wrapped = new IslamicReferenceApi({ baseUrl: wrapped.config.publicUrl, apiKey: keys.wrapped });
  // The base URL with /api/v1, as some copy it from the docs.
  api.flat = new IslamicReferenceApi({ baseUrl: `${flat.config.publicUrl}/api/v1/`, apiKey: keys.flat });
});
afterAll(async () => {
  await wrapped?.close();
  await flat?.close();
});

describe('prayer times, Qibla and Hijri (wrapped or flat by RESPONSE_LAYOUT)', () => {
  it('prayerTime gives the result itself, the same on both layouts', async () => {
    const query = { ...KARACHI, date: DAY, method: 'karachi' };
    const [fromWrapped, fromFlat] = await Promise.all([api.wrapped.prayerTime(query), api.flat.prayerTime(query)]);
    expect(fromWrapped.timezone).toBe('Asia/Karachi');
    expect(fromWrapped.times.fajr.local).toMatch(/^2025-03-01T05:/);
    expect({ ...fromFlat, api_key: '' }).toEqual({ ...fromWrapped, api_key: '' });
    const body = await raw(flat, keys.flat, `/api/v1/prayer-time?lat=24.8607&lon=67.0011&date=${DAY}&method=karachi`);
    expect(fromFlat).toEqual(body);
  });

  it('qibla gives the result from `data.data` (wrapped) or `data` (flat)', async () => {
    const query = { lat: 51.5, lon: -0.13 };
    const [fromWrapped, fromFlat] = await Promise.all([api.wrapped.qibla(query), api.flat.qibla(query)]);
    expect(typeof fromWrapped.compass_bearing).toBe('number');
    expect(fromWrapped.qibla_direction).toBe('Southeast');
    expect(fromFlat).toEqual(fromWrapped);
    expect(fromWrapped).toEqual((await raw(wrapped, keys.wrapped, '/api/v1/qibla?lat=51.5&lon=-0.13')).data.data);
  });

  it('the calendar, the next prayer, the feed, Hijri dates and holidays', async () => {
    const calendar = await api.flat.prayerCalendar({ ...KARACHI, year: 2025, month: 3 });
    expect(calendar.days).toHaveLength(31);
    const next = await api.wrapped.nextPrayer({ ...KARACHI, at: `${DAY}T12:00:00Z` });
    expect(next.next.name).toBe('maghrib');
    const feed = await api.wrapped.prayerCalendarIcs({ ...KARACHI, date: DAY, days: 2 });
    expect(feed).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const hijri = await api.wrapped.hijri({ date: DAY });
    expect(hijri.hijri).toMatchObject({ year: 1446, month: { number: 9 }, day: 1 });
    expect(await api.flat.hijri({ date: DAY })).toEqual(hijri);
    const holidays = await api.wrapped.holidays({ year: 1446 });
    expect(holidays.holidays.map((holiday) => holiday.id)).toContain('eid-al-fitr');
    expect((await api.flat.nextHoliday({ date: DAY })).holiday.id).toBe('ramadan-start');
  });
});

describe('places', () => {
  it('places gives the matches, nearestPlace the place', async () => {
    const places = await api.wrapped.places({ q: 'Dhaka', limit: 3 });
    expect(places[0]).toMatchObject({ name: 'Dhaka', country: { code: 'BD' } });
    expect((await api.wrapped.nearestPlace({ lat: 23.7104, lon: 90.40744 })).name).toBe('Dhaka');
  });
});

describe('the 99 Names', () => {
  it('name, names, searchNames, dailyName and randomName give Names', async () => {
    const name = await api.wrapped.name(1);
    expect(name).toMatchObject({ number: 1, name: 'Ar-Rahman' });
    expect(name).toEqual((await raw(wrapped, keys.wrapped, '/api/v1/asma-ul-husna/1')).data);
    expect(await api.wrapped.names()).toHaveLength(99);
    expect((await api.wrapped.searchNames({ q: 'Ar Raheem' }))[0]!.name).toBe('Ar-Rahim');
    expect((await api.wrapped.dailyName(5)).number).toBe(5);
    expect((await api.wrapped.dailyName()).number).toBe(new Date().getUTCDate());
    expect((await api.wrapped.randomName()).number).toBeGreaterThanOrEqual(1);
  });
});

describe('the Quran', () => {
  it('verse gives one verse, by key or 6-digit id', async () => {
    const verse = await api.wrapped.verse('2:255', { lang: 'english', audio: 'none' });
    expect(verse.text.english).toMatch(/^Allah - there is no deity except Him/);
    expect(await api.wrapped.verse('002255', { lang: 'english', audio: 'none' })).toEqual(verse);
    expect((await api.wrapped.randomVerse({ audio: 'none' })).number).toBeGreaterThanOrEqual(1);
    expect((await api.wrapped.verseAudio('2:255')).id).toBe('002255');
  });

  it('paged reads give the page: its verses and its paging', async () => {
    const surah = await api.wrapped.surah(2, { pageNumber: 2, pageSize: 5, audio: 'none' });
    expect(surah.surah.number).toBe(2);
    expect(surah.verses.map((verse) => verse.verse)).toEqual([6, 7, 8, 9, 10]);
    expect(surah.pagination).toMatchObject({ pageNumber: 2, pageSize: 5, totalVerses: 286 });
    const juz = await api.wrapped.juz(30, { pageSize: 3, audio: 'none' });
    expect(juz.division).toMatchObject({ type: 'juz', number: 30 });
    expect((await api.wrapped.verses({ from: '1:1', to: '1:7', audio: 'none' })).verses).toHaveLength(7);
    const found = await api.wrapped.searchQuran({ q: 'Lord of the worlds', lang: 'en' });
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.pagination.pageNumber).toBe(1);
  });

  it('lists: surahs, reciters, translations and the sajda verses', async () => {
    expect(await api.wrapped.surahs()).toHaveLength(114);
    expect((await api.wrapped.reciters()).length).toBeGreaterThan(0);
    expect((await api.wrapped.translations()).map((edition) => edition.id)).toContain('en.sahih');
    expect(await api.wrapped.sajda({ audio: 'none' })).toHaveLength(15);
  });
});

describe('the deployment', () => {
  it('openapi, health and ready answer without a key', async () => {
    const keyless = new IslamicReferenceApi({ baseUrl: wrapped.config.publicUrl });
    expect((await keyless.openapi()).openapi).toBe('3.1.0');
    expect(await keyless.health()).toEqual({ status: 'ok' });
    expect(await keyless.ready()).toEqual({ status: 'ready' });
  });
});

describe('errors', () => {
  it("are ApiErrors with the status and the API's sentence", async () => {
    await expect(api.wrapped.name(120)).rejects.toMatchObject({ status: 404, message: 'Name number 120 not found' });
    const keyless = new IslamicReferenceApi({ baseUrl: wrapped.config.publicUrl });
    await expect(keyless.surahs()).rejects.toMatchObject({ status: 401, message: 'Invalid or missing API key.' });
    const refused = await api.flat.prayerTime({ lat: 91, lon: 0 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).message).toMatch(/lat/);
  });

  it('a 429 carries Retry-After, and one longer than the cap is not waited for', async () => {
    const limited = new IslamicReferenceApi({
      baseUrl: wrapped.config.publicUrl,
      apiKey: await keyFor(wrapped, 1),
      retries: 2,
      maxRetryWaitSeconds: 0,
    });
    await limited.name(1);
    const error = await limited.name(2).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429 });
    expect((error as ApiError).retryAfter).toBeGreaterThan(0);
  });
});
