// What the application knows about a request that serve() logs and measures
// once it is answered: the request id it was sent, the route pattern, the client address
// and the key's display start. A step may set them on the raw response (annotate: the edge's
// forwarding, the portal's entry); in a Koa app, the rest are read from the
// request's context only when serve() asks for them (annotationsOf), so a
// service that neither logs requests nor serves metrics does no work per request.
import type { ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { displayStart } from '../keys/api-key.ts';

export interface RequestAnnotations {
  /** The X-Request-Id the client was sent. */
  requestId?: string;
  route?: string;
  client?: string;
  /** Display start only, never the key. */
  key?: string;
}

const ANNOTATIONS = Symbol('ira.annotations');
const CONTEXT = Symbol('ira.context');

type Annotated = ServerResponse & { [ANNOTATIONS]?: RequestAnnotations; [CONTEXT]?: Context };

/** Sets annotations on the response; they win over what the Koa context says. */
export function annotate(res: ServerResponse, values: RequestAnnotations): void {
  const target = res as Annotated;
  target[ANNOTATIONS] = { ...target[ANNOTATIONS], ...values };
}

/**
 * What the Koa context knows once answered: the router's pattern, the client address (clientOrigin), the key's
 * display start (the guard).
 */
function fromContext(ctx: Context): RequestAnnotations {
  const key = (ctx.state.apiKey as { key?: string } | undefined)?.key;
  const route = (ctx as { routerPath?: unknown }).routerPath; // set by @koa/router: the matched pattern
  const requestId: unknown = ctx.state.requestId; // set by the requestId step
  return {
    ...(typeof requestId === 'string' ? { requestId } : {}),
    ...(typeof route === 'string' ? { route } : {}),
    client: ctx.ip,
    ...(key === undefined ? {} : { key: displayStart(key) }),
  };
}

export function annotationsOf(res: ServerResponse): RequestAnnotations {
  const target = res as Annotated;
  const ctx = target[CONTEXT];
  const own = target[ANNOTATIONS] ?? {};
  return ctx === undefined ? own : { ...fromContext(ctx), ...own };
}

/** Koa: lets annotationsOf read the route pattern, client address and key display start from the context. */
export function annotateRequest(): Middleware {
  return function annotateRequestMiddleware(ctx, next) {
    (ctx.res as Annotated)[CONTEXT] = ctx;
    return next();
  };
}
