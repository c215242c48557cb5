// The API is read-only: anything but GET and HEAD (and CORS preflights, answered by cors())
// is a 405 with Allow.
import type { Middleware } from 'koa';
import { httpError } from '../../contract/errors.ts';

export const ALLOWED_METHODS = 'GET, HEAD';

export function readOnlyMethods(): Middleware {
  return function readOnlyMethodsMiddleware(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      throw httpError(
        405,
        `${ctx.method} is not allowed; this API is read-only (GET, HEAD).`,
        {},
        {
          Allow: ALLOWED_METHODS,
        },
      );
    }
    return next();
  };
}
