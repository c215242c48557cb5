import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, secondsUntil, tooManyRequests, type RateLimitDecision } from './rate-limit-headers.ts';

function decisionIn(ms: number, remaining = 2): RateLimitDecision {
  const resetAtMs = Date.now() + ms;
  return {
    info: { category: 'calculation', limit: 5, remaining, nextResetAt: new Date(resetAtMs).toISOString() },
    resetAtMs,
  };
}

describe('rateLimitHeaders', () => {
  it('writes the draft-09 structured fields with the window and reset in seconds', () => {
    expect(rateLimitHeaders(decisionIn(30_500), 60_000)).toEqual({
      'RateLimit-Policy': '"calculation";q=5;w=60',
      RateLimit: '"calculation";r=2;t=31',
    });
  });

  it('never says more seconds than the window, even when the limiter clock runs ahead', () => {
    expect(rateLimitHeaders(decisionIn(60_400), 60_000).RateLimit).toBe('"calculation";r=2;t=60');
  });

  it('never sends a negative reset', () => {
    expect(secondsUntil(Date.now() - 5_000)).toBe(0);
  });
});

describe('tooManyRequests', () => {
  it('is a 429 JSON with remaining 0 and a Retry-After of at least 1 even when the reset has passed', () => {
    const error = tooManyRequests(decisionIn(-200, 0), 60_000);
    expect(error.status).toBe(429);
    expect(error.headers['Retry-After']).toBe('1');
    expect(error.body).toMatchObject({
      success: false,
      error: 'Too Many Requests',
      rateLimit: { category: 'calculation', limit: 5, remaining: 0 },
    });
  });

  it('rounds Retry-After up to whole seconds', () => {
    expect(tooManyRequests(decisionIn(2_100, 0), 60_000).headers['Retry-After']).toBe('3');
  });
});
