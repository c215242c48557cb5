// HTTP conventions shared by every service (docs/api-decisions.md "HTTP conventions").
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import compress from 'koa-compress';
import type { Middleware } from 'koa';
import { httpError } from './errors.ts';
import { createProxyTrust, type TrustProxy } from './proxy-trust.ts';
import { createReadinessCheck } from './readiness.ts';

const REQUEST_ID_PATTERN = /^[\w.-]{1,128}$/;
const ALLOWED_METHODS = 'GET, HEAD';
const COMPRESS_THRESHOLD_BYTES = 1024;
// Quality 4 keeps brotli close to gzip's speed on the hot path (11 is for static files).
const BROTLI_QUALITY = 4;

// The steps below that only look at the request and set headers return next()'s promise
// rather than awaiting it: the same order and errors, without a promise per step per request.
// Headers every response carries are set on the Node response itself: Koa's ctx.set
// builds an entries array and a normalised pair per call (a few hundred bytes a header).

/** Echoes a sane incoming X-Request-Id or makes one; every response carries it. */
export function requestId(): Middleware {
  return function requestIdMiddleware(ctx, next) {
    const incoming = ctx.get('X-Request-Id');
    const id = REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.res.setHeader('X-Request-Id', id);
    return next();
  };
}

/**
 * br or gzip for JSON (and iCalendar feed) bodies large enough to gain; audio is left
 * alone. A request without Accept-Encoding accepts only the body as it is, so koa-compress
 * (which would negotiate after the route) is not run for it at all.
 */
export function compression(): Middleware {
  const compressing = compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: (type) => /json|text\/calendar/i.test(type),
    br: { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    deflate: false,
  });
  return function compressionMiddleware(ctx, next) {
    return ctx.req.headers['accept-encoding'] === undefined ? next() : compressing(ctx, next);
  };
}

const SLASH = 0x2f;

/** A path's section: up to its fourth slash (`/api/v1/quran/surah/2` → `/api/v1/quran`), else the whole path. */
export function sectionOf(path: string): string {
  let slashes = 0;
  for (let i = 0; i < path.length; i += 1) {
    if (path.charCodeAt(i) === SLASH && ++slashes === 4) return path.slice(0, i);
  }
  return path;
}

/**
 * One step for the answers that take no key (health, OpenAPI, signed audio, forwarding):
 * the middleware for the request path's section, or the next step. Trying each of them
 * in turn costs every keyed read a dispatch per answer it is not.
 */
export function bySection(sections: Readonly<Record<string, Middleware>>): Middleware {
  const handlers = new Map(Object.entries(sections));
  return function bySectionMiddleware(ctx, next) {
    const handler = handlers.get(sectionOf(ctx.path));
    return handler === undefined ? next() : handler(ctx, next);
  };
}

function assertReadOnly(method: string): void {
  if (method !== 'GET' && method !== 'HEAD') {
    throw httpError(405, `${method} is not allowed; this API is read-only (GET, HEAD).`, {}, { Allow: ALLOWED_METHODS });
  }
}

/** 405 with Allow for anything but GET/HEAD (and CORS preflights, handled by cors()). */
export function readOnlyMethods(): Middleware {
  return function readOnlyMethodsMiddleware(ctx, next) {
    assertReadOnly(ctx.method);
    return next();
  };
}

/** Runs last: a request no route answered gets the JSON 404. */
export function notFoundFallback(): Middleware {
  return async function notFoundFallbackMiddleware(ctx, next) {
    await next();
    if (ctx.status === 404 && ctx.body === undefined) {
      throw httpError(404, `No endpoint at ${ctx.path}. See /api/v1/openapi.json for the list.`);
    }
  };
}

/** CORS only for the origins listed in CORS_ORIGINS (none by default). */
export function cors(origins: readonly string[]): Middleware {
  const allowed = new Set(origins);
  return function corsMiddleware(ctx, next) {
    const origin = ctx.get('Origin');
    if (!origin || !allowed.has(origin)) return next();
    ctx.vary('Origin');
    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Expose-Headers', 'RateLimit, RateLimit-Policy, Retry-After, X-Request-Id');
    if (ctx.method === 'OPTIONS') {
      ctx.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      ctx.set('Access-Control-Allow-Headers', 'X-API-Key');
      ctx.set('Access-Control-Max-Age', '600');
      ctx.status = 204;
      return Promise.resolve();
    }
    return next();
  };
}

/** GET /healthz with no key: 200 {"status":"ok"} once `isReady()` says so. */
export function healthz(isReady: () => boolean = () => true): Middleware {
  return async function healthzMiddleware(ctx, next) {
    if (ctx.path !== '/healthz') return next();
    assertReadOnly(ctx.method);
    ctx.status = isReady() ? 200 : 503;
    ctx.body = isReady() ? { status: 'ok' } : { status: 'starting' };
  };
}

export interface ReadinessDeps {
  store: { ping(): Promise<void> };
  redis: { ping(): Promise<unknown> } | null;
}

/**
 * GET /readyz with no key, for load balancers: 200 {"status":"ready"} when the
 * key store (and Redis when configured) answer, else 503 {"status":"unavailable",
 * "unavailable":[…]} with Retry-After. /healthz only says the process lives.
 */
export function readyz(deps: ReadinessDeps): Middleware {
  const { store, redis } = deps;
  const check = createReadinessCheck({ 'key store': () => store.ping(), ...(redis ? { Redis: () => redis.ping() } : {}) });
  return async function readyzMiddleware(ctx, next) {
    if (ctx.path !== '/readyz') return next();
    assertReadOnly(ctx.method);
    const readiness = await check();
    ctx.status = readiness.status;
    ctx.set(readiness.headers);
    ctx.body = readiness.body;
  };
}

/**
 * Sets ctx.ip (the 401 throttle, logs) to the client's address and
 * ctx.state.protocol to the protocol it used, believing X-Forwarded-For/-Proto
 * only from the proxies TRUST_PROXY names (see proxy-trust.ts).
 */
export function clientOrigin(trust: TrustProxy): Middleware {
  const resolve = createProxyTrust(trust);
  return function clientOriginMiddleware(ctx, next) {
    const origin = resolve(ctx.req.socket.remoteAddress ?? '', ctx.req.headers['x-forwarded-for'], ctx.req.headers['x-forwarded-proto']);
    ctx.request.ip = origin.address;
    ctx.state.protocol = origin.protocol ?? ctx.protocol;
    return next();
  };
}
