// HTTP conventions shared by every service (docs/api-decisions.md "HTTP conventions").
import { randomUUID } from 'node:crypto';
import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import type { Context, Middleware } from 'koa';
import { httpError } from '../contract/errors.ts';
import { createProxyTrust, type TrustProxy } from './proxy-trust.ts';
import { createReadinessCheck } from './readiness.ts';
import { addHeader } from './response-headers.ts';
import { pathPrefix } from './routers-by-path.ts';

const REQUEST_ID_PATTERN = /^[\w.-]{1,128}$/;
const ALLOWED_METHODS = 'GET, HEAD';
/** Bodies below this go as they are: compressing them gains too little. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
// Brotli only for a client that does not take gzip. At qualities 1-4 it makes about gzip's
// size of these bodies (a Name 856-794 bytes against 802, a mushaf page 7,336-6,542 against
// 6,720); from quality 2 its hash tables are megabytes per call, mapped afresh each time
// under the services' malloc settings (0.8-1.4 ms to compress a Name against 13-51 µs).
const BROTLI_QUALITY = 1;

// The steps below that only look at the request and set headers return next()'s promise
// rather than awaiting it: the same order and errors, without a promise per step per request.
// Headers every response carries are added with addHeader (response-headers.ts): written
// with the head in one call where collectHeaders runs, else set on the Node response itself
// (Koa's ctx.set builds an entries array and a normalised pair per call).
// Request headers they read come from Node's headers by their lower-case names: Koa's
// ctx.get lower-cases the name it is given on every call.

/** Echoes a sane incoming X-Request-Id or makes one; every response carries it. */
export function requestId(): Middleware {
  return function requestIdMiddleware(ctx, next) {
    const incoming = ctx.req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    addHeader(ctx.res, 'X-Request-Id', id);
    return next();
  };
}

// Compression is made in one call per body, not through a stream and a compressor per
// response (koa-compress): that was ~600-900 µs of the main thread per answer, so one Name
// answered 2,300 req/s with gzip and 1,400 with br against 16,500 uncompressed, and a
// cached prayer time 1,070 against 12,100. Gzip at level 6 made in one call, its window
// fitted to the body, costs ~20-100 µs for a Name or a verse and ~120-240 µs for a mushaf
// page; it is made wherever it is accepted.
const COMPRESSIBLE_TYPE = /json|text\/calendar/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const EMPTY_BODY_STATUSES = new Set([204, 205, 304]);
/** Bodies up to this are compressed at once, on the event loop; larger ones on libuv's thread pool. */
const COMPRESS_AT_ONCE_MAX_BYTES = 64 * 1024;

/**
 * A window no larger than the body: the compressor's memory follows it (zlib's default is
 * ~256 KB, brotli's several MB), and above glibc's mmap threshold (SERVICE_MALLOC_ENV) each
 * call mapped and faulted it in afresh: 332 µs to gzip a 1.8 KB prayer time, 19 µs fitted.
 */
function windowLog(bytes: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(bytes))));
}
/** zlib's hash memory (memLevel) fitted with the window: a Name (window 2 KB) in 16-27 µs at memLevel 4, 57-99 µs at 8, the same 802 bytes. */
function gzipOptions(bytes: number) {
  const windowBits = windowLog(bytes, zlib.Z_MIN_WINDOWBITS + 1, zlib.Z_MAX_WINDOWBITS);
  return { windowBits, memLevel: Math.min(zlib.Z_MAX_MEMLEVEL, Math.max(zlib.Z_MIN_MEMLEVEL, windowBits - 7)) };
}
const brotliOptions = (bytes: number) => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlib.BROTLI_PARAM_LGWIN]: windowLog(bytes, zlib.BROTLI_MIN_WINDOW_BITS, zlib.BROTLI_MAX_WINDOW_BITS),
    [zlib.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

declare module 'koa' {
  interface DefaultContext {
    /** false: the body goes as it is (calc's answers forwarded by the edge are already encoded or meant not to be). */
    compress?: boolean;
  }
}

type Encoding = 'gzip' | 'br';

/** gzip where the client accepts it, br where it accepts only br, else none (q-values honoured). */
export function chosenEncoding(ctx: Context): Encoding | null {
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') return 'gzip';
  return ctx.acceptsEncodings('br', 'identity') === 'br' ? 'br' : null;
}

/** A whole JSON or iCalendar body of a full answer, as bytes, when it is large enough to gain. */
function compressibleBytes(ctx: Context): Buffer | null {
  const { body } = ctx;
  if (body === null || body === undefined || ctx.compress === false || ctx.respond === false || !ctx.writable)
    return null;
  if (ctx.method === 'HEAD' || ctx.status === 206 || EMPTY_BODY_STATUSES.has(ctx.status)) return null;
  if (
    ctx.response.get('Content-Encoding') ||
    !COMPRESSIBLE_TYPE.test(ctx.response.type) ||
    NO_TRANSFORM.test(ctx.response.get('Cache-Control'))
  )
    return null;
  // Streams (forwarded answers, files) go as they are.
  const bytes = Buffer.isBuffer(body)
    ? body
    : typeof body === 'string'
      ? Buffer.from(body)
      : body instanceof Stream
        ? null
        : Buffer.from(JSON.stringify(body));
  return bytes !== null && bytes.length >= COMPRESS_THRESHOLD_BYTES ? bytes : null;
}

/** The body compressed at once up to COMPRESS_AT_ONCE_MAX_BYTES, on the thread pool above. */
function encode(encoding: Encoding, bytes: Buffer): Buffer | Promise<Buffer> {
  const atOnce = bytes.length <= COMPRESS_AT_ONCE_MAX_BYTES;
  if (encoding === 'gzip')
    return atOnce ? gzipSync(bytes, gzipOptions(bytes.length)) : gzipAsync(bytes, gzipOptions(bytes.length));
  return atOnce
    ? brotliCompressSync(bytes, brotliOptions(bytes.length))
    : brotliAsync(bytes, brotliOptions(bytes.length));
}

/**
 * gzip (or br) for JSON and iCalendar bodies large enough to gain; audio is left alone.
 * A request without Accept-Encoding accepts only the body as it is: nothing runs for it.
 */
export function compression(): Middleware {
  return async function compressionMiddleware(ctx, next) {
    if (ctx.req.headers['accept-encoding'] === undefined) return next();
    ctx.vary('Accept-Encoding');
    await next();
    const bytes = compressibleBytes(ctx);
    const encoding = bytes === null ? null : chosenEncoding(ctx);
    if (bytes === null || encoding === null) return;
    const encoded = await encode(encoding, bytes);
    ctx.set('Content-Encoding', encoding);
    ctx.body = encoded;
  };
}

/** A path's section: up to its fourth slash (`/api/v1/quran/surah/2` → `/api/v1/quran`), else the whole path. */
export function sectionOf(path: string): string {
  return pathPrefix(path, 3);
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
    throw httpError(
      405,
      `${method} is not allowed; this API is read-only (GET, HEAD).`,
      {},
      { Allow: ALLOWED_METHODS },
    );
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
    const origin = ctx.req.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return next();
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
  const check = createReadinessCheck({
    'key store': () => store.ping(),
    ...(redis ? { Redis: () => redis.ping() } : {}),
  });
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
    const origin = resolve(
      ctx.req.socket.remoteAddress ?? '',
      ctx.req.headers['x-forwarded-for'],
      ctx.req.headers['x-forwarded-proto'],
    );
    ctx.request.ip = origin.address;
    ctx.state.protocol = origin.protocol ?? ctx.protocol;
    return next();
  };
}
