// Every response carries X-Request-Id: a sane incoming one echoed, else a new UUID. Runs
// first, so error answers carry it too and the access log can name it.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const REQUEST_ID_PATTERN = /^[\w.-]{1,128}$/;

export function requestId(): Middleware {
  return function requestIdMiddleware(ctx, next) {
    const incoming = ctx.req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.set('X-Request-Id', id);
    return next();
  };
}
