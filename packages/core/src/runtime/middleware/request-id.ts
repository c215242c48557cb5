// Every response carries X-Request-Id: a sane incoming one echoed, else a new UUID. Runs
// first (after collectHeaders, which sends it with the head), so error answers carry it too
// and the access log can name it.
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import { addHeader } from '../response-head.ts';

const REQUEST_ID_PATTERN = /^[\w.-]{1,128}$/;

/** The id a request is answered with: its own X-Request-Id when sane, else a new UUID. */
export function requestIdFor(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

export function requestId(): Middleware {
  return function requestIdMiddleware(ctx, next) {
    const id = requestIdFor(ctx.req.headers['x-request-id']);
    ctx.state.requestId = id;
    addHeader(ctx.res, 'X-Request-Id', id);
    return next();
  };
}
