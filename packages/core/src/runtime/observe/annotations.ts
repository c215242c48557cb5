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
  const before = target[ANNOTATIONS];
  target[ANNOTATIONS] = before === undefined ? values : { ...before, ...values };
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * What a step set (annotate), else what the Koa context knows once answered: the requestId step's id,
 * the router's matched pattern, the client address (clientOrigin), the key's display start (the guard).
 */
export function annotationsOf(res: ServerResponse): RequestAnnotations {
  const target = res as Annotated;
  const own = target[ANNOTATIONS];
  const ctx = target[CONTEXT];
  if (ctx === undefined) return own ?? {};
  const key = (ctx.state.apiKey as { key?: string } | undefined)?.key;
  return {
    requestId: own?.requestId ?? text(ctx.state.requestId),
    route: own?.route ?? text((ctx as { routerPath?: unknown }).routerPath),
    client: own?.client ?? ctx.ip,
    key: own?.key ?? (key === undefined ? undefined : displayStart(key)),
  };
}

/** Koa: lets annotationsOf read the route pattern, client address and key display start from the context. */
export function annotateRequest(): Middleware {
  return function annotateRequestMiddleware(ctx, next) {
    (ctx.res as Annotated)[CONTEXT] = ctx;
    return next();
  };
}
