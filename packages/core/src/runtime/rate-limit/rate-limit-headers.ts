// Rate-limit headers and the 429 body (docs/api-decisions.md "Rate limits"). Header syntax:
// IETF httpapi "RateLimit header fields for HTTP", draft-ietf-httpapi-ratelimit-headers-09
// (structured fields: a quoted policy name, q = quota, w = window seconds,
// r = remaining, t = seconds until the quota resets).
import type { Context } from 'koa';
import type { RateLimitInfo } from '../../contract/envelope.ts';
import { ApiError } from '../../contract/errors.ts';
import { addHeader } from '../response-head.ts';

/** A limiter decision: what the body's `rateLimit` shows, plus the reset instant. */
export interface RateLimitDecision {
  info: RateLimitInfo;
  resetAtMs: number;
}

export function secondsUntil(resetAtMs: number, nowMs = Date.now()): number {
  return Math.max(0, Math.ceil((resetAtMs - nowMs) / 1000));
}

/**
 * Seconds until the reset, never more than the window: koa-ratelimit's memory
 * clock (hrtime offset from a Date.now() taken at load) can drift a little ahead.
 */
function resetSeconds(decision: RateLimitDecision, windowMs: number): number {
  return Math.min(secondsUntil(decision.resetAtMs), Math.ceil(windowMs / 1000));
}

const policyHeader = ({ info }: RateLimitDecision, windowMs: number): string =>
  `"${info.category}";q=${info.limit};w=${Math.ceil(windowMs / 1000)}`;
const limitHeader = (decision: RateLimitDecision, windowMs: number): string =>
  `"${decision.info.category}";r=${decision.info.remaining};t=${resetSeconds(decision, windowMs)}`;

export function rateLimitHeaders(decision: RateLimitDecision, windowMs: number): Record<string, string> {
  return { 'RateLimit-Policy': policyHeader(decision, windowMs), RateLimit: limitHeader(decision, windowMs) };
}

/** On every allowed request: sent with the answer's head (response-head.ts). */
export function setRateLimitHeaders(ctx: Context, decision: RateLimitDecision, windowMs: number): void {
  addHeader(ctx.res, 'RateLimit-Policy', policyHeader(decision, windowMs));
  addHeader(ctx.res, 'RateLimit', limitHeader(decision, windowMs));
}

/** The 429 every endpoint sends; Retry-After is at least 1 (koa-ratelimit can compute 0). */
export function tooManyRequests(decision: RateLimitDecision, windowMs: number): ApiError {
  const retryAfterS = Math.max(1, resetSeconds(decision, windowMs));
  const { category, limit } = decision.info;
  return new ApiError(
    429,
    {
      success: false,
      error: 'Too Many Requests',
      message: `Rate limit of ${limit} ${category} requests exceeded; retry in ${retryAfterS} s.`,
      rateLimit: { ...decision.info, remaining: 0 },
    },
    { ...rateLimitHeaders(decision, windowMs), 'Retry-After': String(retryAfterS) },
  );
}
