// CORS only for the origins listed in CORS_ORIGINS (none by default: keys stay out of
// browser code); answers their preflights.
import type { Middleware } from 'koa';
import { ALLOWED_METHODS } from './read-only-methods.ts';

export function cors(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  return function corsMiddleware(ctx, next) {
    const origin = ctx.req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return next();
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id');
    if (ctx.method !== 'OPTIONS') return next();
    ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
    ctx.set('Access-Control-Allow-Headers', 'X-API-Key');
    ctx.set('Access-Control-Max-Age', '600');
    ctx.status = 204;
    return Promise.resolve();
  };
}
