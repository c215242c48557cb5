// gzip (or br for a client that takes br and not gzip) for JSON and iCalendar bodies large
// enough to gain; audio and streams go as they are. Each body is compressed in one call,
// not through a stream and a compressor per response (koa-compress): that cost about a
// millisecond of the event loop per answer. Bench: names-one-gzip, quran-page-varying-gzip.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import { Stream } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { addVary } from '../response-head.ts';

/** Bodies below this go as they are: compressing them gains too little. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Bodies up to this are compressed at once, on the event loop; larger ones on libuv's thread pool. */
const COMPRESS_AT_ONCE_MAX_BYTES = 64 * 1024;
// At quality 1 brotli makes about gzip's size of these bodies; higher qualities allocate
// megabytes of hash tables per call.
const BROTLI_QUALITY = 1;
const COMPRESSIBLE_TYPE = /json|text\/calendar/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const EMPTY_BODY_STATUSES = new Set([204, 205, 304]);

type Encoding = 'gzip' | 'br';

declare module 'koa' {
  interface DefaultContext {
    /** false: the body goes as it is (calc's answers forwarded by the edge are already encoded or meant not to be). */
    compress?: boolean;
  }
}

/**
 * A window no larger than the body: the compressor's memory follows it (zlib's default is
 * ~256 KB a call, brotli's several MB), so a small answer does not map and fault in a large one.
 */
function windowLog(bytes: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.ceil(Math.log2(bytes))));
}

function gzipOptions(bytes: number) {
  const windowBits = windowLog(bytes, zlib.Z_MIN_WINDOWBITS + 1, zlib.Z_MAX_WINDOWBITS);
  return { windowBits, memLevel: Math.min(zlib.Z_MAX_MEMLEVEL, Math.max(zlib.Z_MIN_MEMLEVEL, windowBits - 7)) };
}

function brotliOptions(bytes: number) {
  return {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.BROTLI_PARAM_LGWIN]: windowLog(bytes, zlib.BROTLI_MIN_WINDOW_BITS, zlib.BROTLI_MAX_WINDOW_BITS),
      [zlib.BROTLI_PARAM_SIZE_HINT]: bytes,
    },
  };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** gzip where the client accepts it, br where it accepts only br, else none (q-values honoured). */
export function chosenEncoding(ctx: Context): Encoding | null {
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') return 'gzip';
  return ctx.acceptsEncodings('br', 'identity') === 'br' ? 'br' : null;
}

/** How this step would encode an answer of `bytes` for the request: for a step that writes its own answer. */
export function encodingFor(ctx: Context, bytes: number): Encoding | 'identity' {
  if (ctx.req.headers['accept-encoding'] === undefined || bytes < COMPRESS_THRESHOLD_BYTES) return 'identity';
  return chosenEncoding(ctx) ?? 'identity';
}

/** `bytes` compressed: at once up to COMPRESS_AT_ONCE_MAX_BYTES, on the thread pool above. */
export function encode(encoding: Encoding, bytes: Buffer): Buffer | Promise<Buffer> {
  const atOnce = bytes.length <= COMPRESS_AT_ONCE_MAX_BYTES;
  if (encoding === 'gzip') {
    return atOnce ? gzipSync(bytes, gzipOptions(bytes.length)) : gzipAsync(bytes, gzipOptions(bytes.length));
  }
  return atOnce
    ? brotliCompressSync(bytes, brotliOptions(bytes.length))
    : brotliAsync(bytes, brotliOptions(bytes.length));
}

/** A whole JSON or iCalendar body of a full answer, as bytes, when it is large enough to gain. */
function compressibleBytes(ctx: Context): Buffer | null {
  const { body } = ctx;
  if (body === null || body === undefined || ctx.compress === false || ctx.respond === false || !ctx.writable) {
    return null;
  }
  if (ctx.method === 'HEAD' || ctx.status === 206 || EMPTY_BODY_STATUSES.has(ctx.status)) return null;
  const type = ctx.response.type;
  if (ctx.response.get('Content-Encoding') || !COMPRESSIBLE_TYPE.test(type)) return null;
  if (NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return null;
  if (body instanceof Stream) return null;
  const bytes = Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return bytes.length >= COMPRESS_THRESHOLD_BYTES ? bytes : null;
}

export function compression(): Middleware {
  return async function compressionMiddleware(ctx, next) {
    // A request without Accept-Encoding takes only the body as it is.
    if (ctx.req.headers['accept-encoding'] === undefined) return next();
    addVary(ctx.res, 'Accept-Encoding');
    await next();
    const bytes = compressibleBytes(ctx);
    const encoding = bytes === null ? null : chosenEncoding(ctx);
    if (bytes === null || encoding === null) return;
    const encoded = await encode(encoding, bytes);
    ctx.set('Content-Encoding', encoding);
    ctx.body = encoded;
  };
}
