// `retries`: a 429 or 503 is asked again after its Retry-After, never sooner, and
// never when the wait is longer than the cap; other errors are never retried.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, IslamicReferenceApi } from './index.ts';
import { envelope, fakeFetch, type FakeAnswer } from '../test/fake-fetch.ts';

const NAME = { number: 1, name: 'Ar-Rahman', languages: {} };
const OK: FakeAnswer = { body: envelope('asma-ul-husna', NAME) };
const limited = (retryAfter?: string): FakeAnswer => ({
  status: 429,
  body: { success: false, error: 'Too Many Requests', message: 'Rate limit exceeded.' },
  ...(retryAfter === undefined ? {} : { headers: { 'Retry-After': retryAfter } }),
});
const unavailable: FakeAnswer = {
  status: 503,
  body: { success: false, error: 'Service Unavailable', message: 'The key store is not answering.' },
  headers: { 'Retry-After': '5' },
};

function client(retries: number, ...answers: FakeAnswer[]) {
  const fake = fakeFetch(...answers);
  return {
    api: new IslamicReferenceApi({ baseUrl: 'https://api.test', retries, fetch: fake.fetch }),
    calls: fake.calls,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('retries', () => {
  it('waits the whole Retry-After of a 429, then returns the resource', async () => {
    const { api, calls } = client(2, limited('2'), OK);
    const name = api.name(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await name).toEqual(NAME);
    expect(calls).toHaveLength(2);
  });

  it('retries a 503 too, and throws the last ApiError when the retries are spent', async () => {
    const { api, calls } = client(2, unavailable);
    const outcome = api.name(1).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await outcome).toMatchObject({ status: 503, retryAfter: 5 });
    expect(calls).toHaveLength(3);
  });

  it('backs off 1 s, then 2 s when no Retry-After is sent', async () => {
    const { api, calls } = client(2, limited(), limited(), OK);
    const name = api.name(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(await name).toEqual(NAME);
  });

  it('throws at once when Retry-After is longer than the cap (60 s by default)', async () => {
    const { api, calls } = client(5, limited('61'), OK);
    await expect(api.name(1)).rejects.toMatchObject({ status: 429, retryAfter: 61 });
    expect(calls).toHaveLength(1);
  });

  it('never retries by default, nor any other error', async () => {
    const byDefault = client(0, limited('1'), OK);
    await expect(byDefault.api.name(1)).rejects.toBeInstanceOf(ApiError);
    const notFound = client(3, { status: 404, body: { success: false, error: 'Name number 120 not found' } }, OK);
    await expect(notFound.api.name(120)).rejects.toMatchObject({ status: 404 });
    expect([byDefault.calls.length, notFound.calls.length]).toEqual([1, 1]);
  });

  it('stops waiting when the call is aborted', async () => {
    const { api, calls } = client(2, limited('30'), OK);
    const controller = new AbortController();
    const outcome = api.name(1, { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort(new Error('user went away'));
    expect(await outcome).toEqual(new Error('user went away'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.signal).toBe(controller.signal);
  });
});
