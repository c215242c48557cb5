// What the application knows about a request that serve() logs and measures
// once it is answered: the route pattern, the client address and the key's
// display start. Set by the Koa middleware below (edge, calc) on the raw
// response; the portal's entry sets them itself.
import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { displayStart } from '../keys/api-key.ts';

export interface RequestAnnotations {
  route?: string;
  client?: string;
  /** Display start only, never the key. */
  key?: string;
}

const ANNOTATIONS = Symbol('ira.annotations');

type Annotated = ServerResponse & { [ANNOTATIONS]?: RequestAnnotations };

export function annotate(res: ServerResponse, values: RequestAnnotations): void {
  const target = res as Annotated;
  target[ANNOTATIONS] = { ...target[ANNOTATIONS], ...values };
}

export function annotationsOf(res: ServerResponse): RequestAnnotations {
  return (res as Annotated)[ANNOTATIONS] ?? {};
}

/** Koa: records the matched route pattern, the client address and the key's display start. */
export function annotateRequest(): Middleware {
  return async function annotateRequestMiddleware(ctx, next) {
    try {
      await next();
    } finally {
      const key = (ctx.state.apiKey as { key?: string } | undefined)?.key;
      const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
      annotate(ctx.res, {
        route: typeof route === 'string' ? route : undefined,
        client: ctx.ip,
        key: key === undefined ? undefined : displayStart(key),
      });
    }
  };
}
