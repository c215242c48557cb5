// Error answers become one ApiError carrying the status, the API's own sentence,
// Retry-After in seconds and the body; network failures are not dressed up as one.
import { describe, expect, it } from 'vitest';
import { ApiError, IslamicReferenceApi } from './index.ts';
import { parseRetryAfter } from './api-error.ts';
import { fakeFetch, RATE_LIMIT, type FakeAnswer } from '../test/fake-fetch.ts';

async function failureOf(answer: FakeAnswer): Promise<ApiError> {
  const api = new IslamicReferenceApi({ baseUrl: 'https://api.test', fetch: fakeFetch(answer).fetch });
  const caught = await api.name(120).catch((error: unknown) => error);
  if (!(caught instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(caught)}`);
  return caught;
}

describe('ApiError', () => {
  it("carries the status, the API's `message` and the body", async () => {
    const body = { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' };
    const error = await failureOf({ status: 401, body });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', status: 401, message: 'Invalid or missing API key.', body });
    expect(error.retryAfter).toBeUndefined();
    expect(error.url).toBe('https://api.test/api/v1/asma-ul-husna/120');
  });

  it('takes `error` where the body has no `message` (99 Names and prayer-time 400s)', async () => {
    const error = await failureOf({ status: 404, body: { success: false, error: 'Name number 120 not found' } });
    expect(error.message).toBe('Name number 120 not found');
  });

  it('carries Retry-After in seconds on a 429', async () => {
    const body = { success: false, error: 'Too Many Requests', message: 'Rate limit exceeded.', rateLimit: RATE_LIMIT };
    const error = await failureOf({ status: 429, body, headers: { 'Retry-After': '17' } });
    expect(error).toMatchObject({ status: 429, retryAfter: 17, message: 'Rate limit exceeded.' });
  });

  it('keeps a body that is not JSON as text and says the status', async () => {
    const error = await failureOf({ status: 502, body: '<html>Bad Gateway</html>' });
    expect(error).toMatchObject({ status: 502, body: '<html>Bad Gateway</html>', message: 'HTTP 502' });
  });
});

describe('network failures', () => {
  it('reach the caller as fetch threw them', async () => {
    const refused = new TypeError('fetch failed');
    const api = new IslamicReferenceApi({
      baseUrl: 'https://api.test',
      retries: 3,
      fetch: () => Promise.reject(refused),
    });
    await expect(api.name(1)).rejects.toBe(refused);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter(' 30 ', now)).toBe(30);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
