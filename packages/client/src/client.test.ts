// Each area's layout comes back as the resource itself, on a wrapped and a flat
// deployment alike; the request carries the key in a header and a readable URL.
// (The same against the real API: apps/portal/test/sdk.test.ts.)
import { describe, expect, it } from 'vitest';
import { ApiError, IslamicReferenceApi } from './index.ts';
import { envelope, fakeFetch, wrappedLayout, type FakeAnswer } from '../test/fake-fetch.ts';

const BASE = 'https://api.test';
const PRAYER = { api_key: 'k', request: { lat: 23.81, lon: 90.41 }, timezone: 'Asia/Dhaka', times: { fajr: {} } };
const QIBLA = { qibla_direction: 'West', compass_bearing: 277.53, distance_km: 4000 };
const NAME = { number: 1, name: 'Ar-Rahman', languages: {} };
const VERSE = { id: '002255', surah: 2, verse: 255, text: { english: 'Allah - there is no deity except Him' } };

function apiAnswering(...answers: FakeAnswer[]) {
  const fake = fakeFetch(...answers);
  return {
    api: new IslamicReferenceApi({ baseUrl: BASE, apiKey: 'ira_live_x', fetch: fake.fetch }),
    calls: fake.calls,
  };
}

describe('prayerTime', () => {
  it('returns the result itself from the wrapped layout and from the flat one', async () => {
    const wrapped = await apiAnswering({ body: wrappedLayout(PRAYER) }).api.prayerTime({ lat: 23.81, lon: 90.41 });
    const flat = await apiAnswering({ body: PRAYER }).api.prayerTime({ lat: 23.81, lon: 90.41 });
    expect(wrapped.timezone).toBe('Asia/Dhaka');
    expect(flat).toEqual(PRAYER);
    // The wrapped layout's timestamp, api_info and rateLimit are left out: one object for both.
    expect(wrapped).toEqual(PRAYER);
  });

  it('sends the key as X-API-Key, never in the URL, and leaves unset parameters out', async () => {
    const { api, calls } = apiAnswering({ body: PRAYER });
    await api.prayerTime({ lat: 23.81, lon: 90.41, method: 'Karachi', date: undefined });
    expect(calls[0]!.url).toBe(`${BASE}/api/v1/prayer-time?lat=23.81&lon=90.41&method=Karachi`);
    expect(calls[0]!.headers).toMatchObject({ 'X-API-Key': 'ira_live_x', Accept: 'application/json' });
  });
});

describe('qibla and hijri', () => {
  it('returns the result inside `{ success, service, data }`, inside the wrapped layout or not', async () => {
    const body = envelope('qibla-direction', QIBLA);
    for (const answer of [body, wrappedLayout(body)]) {
      const qibla = await apiAnswering({ body: answer }).api.qibla({ lat: 51.5, lon: -0.13 });
      expect(qibla).toEqual(QIBLA);
      expect(typeof qibla.compass_bearing).toBe('number');
    }
    const hijri = { gregorian: '2025-03-01', hijri: { year: 1446, month: 9, day: 1 }, hijriAdjustment: 0 };
    expect(await apiAnswering({ body: wrappedLayout(envelope('hijri', hijri)) }).api.hijri()).toEqual(hijri);
  });

  it('refuses a body that is not the envelope instead of returning the wrong depth', async () => {
    const error = await apiAnswering({ body: QIBLA })
      .api.qibla({ lat: 1, lon: 2 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 200,
      message: 'The response is not the `{ success, service, data }` envelope.',
    });
  });
});

describe('names and quran', () => {
  it('return one Name, a list of Names and one verse from their envelopes', async () => {
    expect(await apiAnswering({ body: envelope('asma-ul-husna', NAME) }).api.name(1)).toEqual(NAME);
    expect(await apiAnswering({ body: envelope('asma-ul-husna', [NAME], 1) }).api.names()).toEqual([NAME]);
    const { api, calls } = apiAnswering({ body: envelope('quran', VERSE) });
    expect(await api.verse('2:255', { lang: 'english' })).toEqual(VERSE);
    expect(calls[0]!.url).toBe(`${BASE}/api/v1/quran/verse/2:255?lang=english`);
  });

  it('return a paged read as the page: its items with their paging', async () => {
    const page = { surah: { number: 2 }, pagination: { pageNumber: 2, pageSize: 5 }, verses: [VERSE] };
    const { api, calls } = apiAnswering({ body: envelope('quran', page) });
    expect(await api.surah(2, { pageNumber: 2, pageSize: 5, translations: ['en.sahih', 'ur'] })).toEqual(page);
    expect(calls[0]!.url).toBe(`${BASE}/api/v1/quran/surah/2?pageNumber=2&pageSize=5&translations=en.sahih%2Cur`);
  });

  it('encode what a path segment cannot hold', async () => {
    const { api, calls } = apiAnswering({ body: envelope('quran', VERSE) });
    await api.verse('../admin');
    expect(calls[0]!.url).toBe(`${BASE}/api/v1/quran/verse/..%2Fadmin`);
  });
});

describe('the calendar feed and the deployment documents', () => {
  it('returns the iCalendar text, and JSON documents as they are', async () => {
    const { api, calls } = apiAnswering({ body: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n' });
    expect(await api.prayerCalendarIcs({ lat: 1, lon: 2, days: 7 })).toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect(calls[0]!.headers.Accept).toBe('text/calendar');
    expect(await apiAnswering({ body: { status: 'ok' } }).api.health()).toEqual({ status: 'ok' });
  });
});

describe('new IslamicReferenceApi', () => {
  it('accepts the base URL with or without /api/v1 and a trailing slash', async () => {
    for (const baseUrl of [BASE, `${BASE}/`, `${BASE}/api/v1`, `${BASE}/api/v1/`]) {
      const fake = fakeFetch({ body: envelope('asma-ul-husna', NAME) });
      await new IslamicReferenceApi({ baseUrl, fetch: fake.fetch }).name(1);
      expect(fake.calls[0]!.url).toBe(`${BASE}/api/v1/asma-ul-husna/1`);
    }
    const prefixed = fakeFetch({ body: { status: 'ok' } });
    await new IslamicReferenceApi({ baseUrl: 'https://example.org/ira/api/v1', fetch: prefixed.fetch }).health();
    expect(prefixed.calls[0]!.url).toBe('https://example.org/ira/healthz');
  });

  it('refuses a base URL it cannot call and a retry count that is not a count', () => {
    expect(() => new IslamicReferenceApi({ baseUrl: 'api.example.org' })).toThrow(/baseUrl must be an absolute/);
    expect(() => new IslamicReferenceApi({ baseUrl: 'ftp://x.org' })).toThrow('baseUrl must use http or https');
    expect(() => new IslamicReferenceApi({ baseUrl: BASE, retries: -1 })).toThrow('retries must be a whole number');
  });

  it('sends the extra headers and no key header without a key', async () => {
    const fake = fakeFetch({ body: { status: 'ok' } });
    await new IslamicReferenceApi({ baseUrl: BASE, headers: { 'User-Agent': 'my-app/1' }, fetch: fake.fetch }).health();
    expect(fake.calls[0]!.headers).toEqual({ Accept: 'application/json', 'User-Agent': 'my-app/1' });
  });

  it('uses the global fetch when none is given', async () => {
    const fake = fakeFetch({ body: envelope('asma-ul-husna', NAME) });
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string, init: never) => fake.fetch(url, init)) as typeof fetch;
    try {
      expect(await new IslamicReferenceApi({ baseUrl: BASE }).randomName()).toEqual(NAME);
    } finally {
      globalThis.fetch = original;
    }
  });
});
