import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiInfo, envelopeBytes, envelopePrefix, envelopeTail, timestamp } from './envelope.ts';

describe('envelopeBytes', () => {
  const rateLimit = { category: 'general' as const, limit: 10, remaining: 9, nextResetAt: '2026-01-01T00:01:00.000Z' };

  it('splices precomputed data bytes into the common envelope', () => {
    const body = JSON.parse(
      envelopeBytes({
        service: 'asma-ul-husna',
        data: Buffer.from('[{"number":1}]'),
        count: 1,
        apiInfoJson: JSON.stringify(apiInfo('GET /api/v1/asma-ul-husna?api_key=YOUR_API_KEY', 'http://x/docs')),
        rateLimit,
      }).toString(),
    );
    expect(body).toEqual({
      success: true,
      service: 'asma-ul-husna',
      count: 1,
      data: [{ number: 1 }],
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      api_info: { usage: 'GET /api/v1/asma-ul-husna?api_key=YOUR_API_KEY', version: 'v1', docs: 'http://x/docs' },
      rateLimit,
    });
  });

  it('joins data given in parts, strings and bytes, as UTF-8, before a tail made per request', () => {
    const parts = ['{"q":"رب العالمين","text":', Buffer.from('"পরম করুণাময় 🌙"'), ',"n":1}'];
    const prefix = envelopePrefix('quran', parts);
    const tail = envelopeTail('{}', rateLimit);
    const body = JSON.parse(Buffer.concat([prefix, tail]).toString('utf8'));
    expect(body.data).toEqual({ q: 'رب العالمين', text: 'পরম করুণাময় 🌙', n: 1 });
    expect(tail.toString('utf8')).toBe(
      `,"timestamp":"${body.timestamp}","api_info":{},"rateLimit":${JSON.stringify(rateLimit)}}`,
    );
  });

  it('keeps the prefix in memory of its own, so a cache keeping a small answer does not keep a shared slab', () => {
    const prefix = envelopePrefix('asma-ul-husna', '{"number":1}');
    expect(prefix.buffer.byteLength).toBe(prefix.length);
  });

  it('leaves out count and rateLimit when not given', () => {
    const body = JSON.parse(envelopeBytes({ service: 'quran', data: '{}', apiInfoJson: '{}' }).toString());
    expect(Object.keys(body)).toEqual(['success', 'service', 'data', 'timestamp', 'api_info']);
  });
});

describe('timestamp', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is now to the millisecond, within a second, across its end and across days, years and a leap day', () => {
    vi.useFakeTimers();
    const instants = [
      Date.UTC(2026, 2, 20, 6, 15, 42, 0),
      Date.UTC(2026, 2, 20, 6, 15, 42, 7),
      Date.UTC(2026, 2, 20, 6, 15, 42, 42),
      Date.UTC(2026, 2, 20, 6, 15, 42, 999),
      Date.UTC(2026, 2, 20, 6, 15, 43, 0),
      Date.UTC(2026, 11, 31, 23, 59, 59, 999),
      Date.UTC(2027, 0, 1, 0, 0, 0, 1),
      Date.UTC(2028, 1, 29, 12, 0, 0, 500),
      Date.UTC(2026, 2, 20, 6, 15, 42, 100), // back to a second seen before
    ];
    for (let ms = Date.UTC(2026, 5, 1, 0, 0, 58, 990); ms < Date.UTC(2026, 5, 1, 0, 1, 1, 10); ms += 7)
      instants.push(ms);
    for (const ms of instants) {
      vi.setSystemTime(ms);
      expect(timestamp()).toBe(new Date(ms).toISOString());
    }
  });
});
