// Answers that hold the caller's key or usage (calc's echo `data.api_key`, every `rateLimit`)
// are kept by no cache: with the key in a header the URL is the same for every user, so a
// shared cache in front (a default Varnish, nginx's proxy_cache_valid) would hand one user's
// key to the next. Vary names the header the answer depends on, for any cache that looks.
import type { Middleware } from 'koa';
import { addHeader, addVary } from '../response-head.ts';

export const PRIVATE_NO_STORE = 'private, no-store';

export function privateAnswers(): Middleware {
  return function privateAnswersMiddleware(ctx, next) {
    addHeader(ctx.res, 'Cache-Control', PRIVATE_NO_STORE);
    addVary(ctx.res, 'X-API-Key');
    return next();
  };
}
