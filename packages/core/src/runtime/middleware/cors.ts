// CORS only for the origins listed in CORS_ORIGINS (none by default: keys stay out of
// browser code); answers their preflights.
import type { Middleware } from 'koa';
import { addHeader, addVary } from '../response-head.ts';
import { ALLOWED_METHODS } from './read-only-methods.ts';

export function cors(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  return function corsMiddleware(ctx, next) {
    const origin = ctx.req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return next();
    addVary(ctx.res, 'Origin');
    addHeader(ctx.res, 'Access-Control-Allow-Origin', origin);
    addHeader(ctx.res, 'Access-Control-Expose-Headers', 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id');
    if (ctx.method !== 'OPTIONS') return next();
    addHeader(ctx.res, 'Access-Control-Allow-Methods', ALLOWED_METHODS);
    addHeader(ctx.res, 'Access-Control-Allow-Headers', 'X-API-Key');
    addHeader(ctx.res, 'Access-Control-Max-Age', '600');
    ctx.status = 204;
    return Promise.resolve();
  };
}
