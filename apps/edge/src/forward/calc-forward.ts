// Forwards calc's endpoints (the endpoint table's `calc` entries) to the calc service and
// sends its answer back as it is: calc checks keys and limits itself, so its status,
// RateLimit*/Retry-After headers and body reach the client untouched (calc compressed it or
// chose not to). Requests go over undici's pool of kept-alive connections.
import type { ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import { Pool, type Dispatcher } from 'undici';
import { httpError } from '@ira/core/contract/errors';

// Headers the calc service needs from the client; everything else stays here.
const PASSED_HEADERS = ['x-api-key', 'accept', 'accept-encoding', 'if-none-match'];
// RFC 9110 §7.6.1: connection-specific headers are never forwarded; the edge writes its own request id.
const NOT_PASSED_BACK = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'x-request-id',
]);
const CALC_TIMEOUT_MS = 15_000;
const CALC_MAX_SOCKETS = 256;
/** An answer up to this size (a day's times, a Qibla) is read whole, so a cut answer is still a clean 502. */
const READ_WHOLE_MAX_BYTES = 64 * 1024;

export interface CalcForward {
  middleware: Middleware;
  /** Drops the kept-alive connections (at shutdown). */
  close(): void;
}

export interface CalcForwardOptions {
  /** Extra CA certificate(s) to trust for an https CALC_URL (tests; production uses NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
  /** How long calc may take to start answering, and between parts of an answer (ms); 15 s by default. */
  timeoutMs?: number;
}

const unavailable = () => httpError(502, 'The calculation service is unavailable.');

export function createCalcForward(calcUrl: string, options: CalcForwardOptions = {}): CalcForward {
  const target = new URL(calcUrl);
  const basePath = target.pathname.replace(/\/$/, '');
  // An https CALC_URL is spoken to over TLS, certificate verified (config.ts refuses other protocols).
  const pool = new Pool(target.origin, {
    connections: CALC_MAX_SOCKETS,
    headersTimeout: options.timeoutMs ?? CALC_TIMEOUT_MS,
    bodyTimeout: options.timeoutMs ?? CALC_TIMEOUT_MS,
    ...(options.ca ? { connect: { ca: options.ca } } : {}),
  });

  async function ask(ctx: Context): Promise<Dispatcher.ResponseData> {
    try {
      return await pool.request({
        method: ctx.method as Dispatcher.HttpMethod, // GET or HEAD (readOnlyMethods)
        path: `${basePath}${ctx.url}`,
        headers: forwardedHeaders(ctx),
        signal: clientGone(ctx.res), // a client that goes away takes its forwarded request with it
      });
    } catch (error) {
      if (isTimeout(error)) throw httpError(504, 'The calculation service did not answer in time.');
      throw unavailable();
    }
  }

  const middleware: Middleware = async function calcForward(ctx) {
    const answer = await ask(ctx);
    const length = Number(answer.headers['content-length']);
    // HEAD has no body to pass on: calc's headers go back with its Content-Length as it gave it.
    const body =
      ctx.method === 'HEAD'
        ? await noBody(answer.body)
        : length <= READ_WHOLE_MAX_BYTES
          ? await wholeBody(answer.body)
          : answer.body;
    ctx.status = answer.statusCode;
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !NOT_PASSED_BACK.has(name)) ctx.set(name, value);
    }
    ctx.compress = false;
    // A streamed answer that calc cuts short cuts the client's short too.
    if (body !== null) ctx.body = body;
  };
  return { middleware, close: () => void pool.destroy() };
}

/**
 * Aborted when the client goes away before its answer is sent, never after it was: an abort
 * makes an AbortError with its stack, which every answer paid for (bench: prayer-time-via-edge).
 */
export function clientGone(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

async function noBody(body: Dispatcher.ResponseData['body']): Promise<null> {
  try {
    await body.dump();
  } catch {
    throw unavailable();
  }
  return null;
}

async function wholeBody(body: Dispatcher.ResponseData['body']): Promise<Buffer> {
  try {
    return Buffer.from(await body.arrayBuffer());
  } catch {
    throw unavailable();
  }
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

function forwardedHeaders(ctx: Context): Record<string, string | string[]> {
  const { req } = ctx;
  const headers: Record<string, string | string[]> = {};
  for (const name of PASSED_HEADERS) {
    const value = req.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  const forwardedFor = req.headers['x-forwarded-for'];
  const client = req.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = forwardedFor ? `${String(forwardedFor)}, ${client}` : client;
  headers['x-forwarded-host'] = ctx.host;
  headers['x-forwarded-proto'] = String(ctx.state.protocol ?? ctx.protocol);
  headers['x-request-id'] = String(ctx.state.requestId);
  return headers;
}
