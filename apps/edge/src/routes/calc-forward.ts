// Forwards /api/v1/prayer-time (and its /calendar, /calendar.ics, /next), /api/v1/qibla
// and /api/v1/hijri (any method) to the calc service,
// streaming its answer back untouched: calc checks keys and limits itself, so its
// status, RateLimit*/Retry-After/X-Request-Id headers and body reach the client as-is.
import http from 'node:http';
import https from 'node:https';
import type { Middleware } from 'koa';
import { httpError } from '@ira/core/errors';
import { annotate } from '@ira/core/observe/annotations';

const FORWARDED_PATH = /^\/api\/v1\/(?:prayer-time|qibla|hijri)(?:\/|$)/;
// Headers the calc service needs from the client; everything else stays here.
const PASSED_HEADERS = ['x-api-key', 'accept', 'accept-encoding', 'if-none-match', 'content-type', 'content-length'];
// RFC 9110 §7.6.1: connection-specific headers are never forwarded.
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const CALC_TIMEOUT_MS = 15_000;
const CALC_MAX_SOCKETS = 256;
/**
 * An answer up to this size (a day's times, a Qibla; not a year's calendar) is read whole
 * and sent as one buffer: piping it through as a stream cost the edge a stream's events
 * and a second write per answer.
 */
const READ_WHOLE_MAX_BYTES = 64 * 1024;

export interface CalcForward {
  middleware: Middleware;
  /** Drops the kept-alive connections (at shutdown). */
  close(): void;
}

class CalcTimeout extends Error {}

export interface CalcForwardOptions {
  /** Extra CA certificate(s) to trust for an https CALC_URL (tests; production uses NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
}

export function createCalcForward(calcUrl: string, options: CalcForwardOptions = {}): CalcForward {
  const target = new URL(calcUrl);
  // An https CALC_URL is spoken to over TLS, certificate verified (config.ts refuses other protocols).
  const tls = target.protocol === 'https:';
  const agent = tls
    ? new https.Agent({ keepAlive: true, maxSockets: CALC_MAX_SOCKETS, ...(options.ca ? { ca: options.ca } : {}) })
    : new http.Agent({ keepAlive: true, maxSockets: CALC_MAX_SOCKETS });
  const middleware: Middleware = async function calcForward(ctx, next) {
    if (!FORWARDED_PATH.test(ctx.path)) return next();
    annotate(ctx.res, { route: 'forwarded to calc' });
    let upstream: http.IncomingMessage;
    try {
      upstream = await send(tls ? https.request : http.request, ctx.req, ctx.res, {
        agent,
        host: target.hostname,
        port: target.port,
        method: ctx.method,
        path: `${target.pathname.replace(/\/$/, '')}${ctx.url}`,
        headers: forwardedHeaders(ctx.req, String(ctx.state.requestId), ctx.host, String(ctx.state.protocol ?? ctx.protocol)),
      });
    } catch (error) {
      if (error instanceof CalcTimeout) throw httpError(504, 'The calculation service did not answer in time.');
      throw httpError(502, 'The calculation service is unavailable.');
    }
    ctx.status = upstream.statusCode ?? 502;
    // On the Node response itself: Koa's ctx.set normalises each pair first.
    for (const [name, value] of Object.entries(upstream.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) ctx.res.setHeader(name, value);
    }
    // Calc already compressed (or chose not to); the edge must not do it again.
    ctx.compress = false;
    const length = Number(upstream.headers['content-length']);
    if (ctx.method !== 'GET' || !(length <= READ_WHOLE_MAX_BYTES)) {
      ctx.body = upstream;
      return;
    }
    try {
      ctx.body = await readWhole(upstream);
    } catch {
      throw httpError(502, 'The calculation service is unavailable.');
    }
  };
  return { middleware, close: () => agent.destroy() };
}

function forwardedHeaders(req: http.IncomingMessage, requestId: string, host: string, protocol: string): http.OutgoingHttpHeaders {
  const headers: http.OutgoingHttpHeaders = {};
  for (const name of PASSED_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const forwardedFor = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${client}` : client;
  headers['x-forwarded-host'] = host;
  headers['x-forwarded-proto'] = protocol;
  headers['x-request-id'] = requestId;
  return headers;
}

/**
 * The whole body of a response; fails when it ends early. (node:stream/consumers' buffer()
 * does the same through an async iterator: ~6% fewer answers a second through the edge,
 * 0.45 against 0.48-0.49× in interleaved runs.)
 */
function readWhole(response: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    response.once('error', reject);
    response.once('aborted', () => reject(new Error('the calculation service closed the answer early')));
  });
}

/** Sends the request (streaming any body through) and resolves with the response head. */
type RequestFn = (options: http.RequestOptions, callback: (response: http.IncomingMessage) => void) => http.ClientRequest;

function send(requestFn: RequestFn, from: http.IncomingMessage, to: http.ServerResponse, options: http.RequestOptions): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = requestFn(options, resolve);
    request.on('error', reject);
    request.setTimeout(CALC_TIMEOUT_MS, () => request.destroy(new CalcTimeout()));
    // A client that goes away takes its forwarded request with it; a completed
    // exchange is already marked destroyed (its socket went back to the pool).
    to.once('close', () => {
      if (!request.destroyed) request.destroy();
    });
    if (from.headers['content-length'] !== undefined || from.headers['transfer-encoding'] !== undefined) from.pipe(request);
    else request.end();
  });
}
