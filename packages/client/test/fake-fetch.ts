// A fetch double for the SDK's unit tests: answers from a queue, records each call.
import type { FetchLike } from '../src/index.ts';

export interface FakeAnswer {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface FakeFetch {
  fetch: FetchLike;
  calls: { url: string; headers: Record<string, string>; signal?: AbortSignal }[];
}

/** Answers the queued bodies in order (the last one repeats); objects are sent as JSON. */
export function fakeFetch(...answers: FakeAnswer[]): FakeFetch {
  const calls: FakeFetch['calls'] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, ...init });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    const type = typeof answer.body === 'string' ? 'text/plain' : 'application/json';
    return new Response(text, { status: answer.status ?? 200, headers: { 'Content-Type': type, ...answer.headers } });
  };
  return { fetch, calls };
}

export const RATE_LIMIT = { category: 'general', limit: 100, remaining: 99, nextResetAt: '2026-01-01T00:00:00.000Z' };
const META = { timestamp: '2026-01-01T00:00:00.000Z', api_info: { usage: 'GET', version: 'v1', docs: 'https://x' } };

/** The `wrapped` layout around a body, as RESPONSE_LAYOUT=wrapped sends prayer-time, Qibla and Hijri. */
export function wrappedLayout(data: object, url = 'https://api.test/api/v1/x'): object {
  return { status: 200, ok: true, url, data: { ...META, ...data, rateLimit: RATE_LIMIT } };
}

/** `{ success, service, data, … }`, the envelope of Qibla, Hijri, the 99 Names, the Quran and places. */
export function envelope(service: string, data: unknown, count?: number): object {
  return { success: true, service, ...(count === undefined ? {} : { count }), data, ...META };
}
