// Runs first of the routing steps: a request no route answered gets the JSON 404.
import type { Middleware } from 'koa';
import { httpError } from '../../contract/errors.ts';

export function notFoundFallback(): Middleware {
  return async function notFoundFallbackMiddleware(ctx, next) {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      throw httpError(404, `No endpoint at ${ctx.path}. See /api/v1/openapi.json for the list.`);
    }
  };
}
