// Forwards calc's endpoints (the endpoint table's `calc` entries) to the calc service and
// sends its answer back as it is: calc checks keys and limits itself, so its status,
// RateLimit*/Retry-After headers and body reach the client untouched (calc compressed it or
// chose not to). Requests go over undici's pool of kept-alive connections.
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { Context, Middleware } from 'koa';
import { Pool, type Dispatcher } from 'undici';
import { httpError } from '@ira/core/contract/errors';
import { writeHead } from '@ira/core/runtime/response-head';

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

  const middleware: Middleware = async function calcForward(ctx) {
    let answer: Answer;
    try {
      answer = await forward(pool, ctx.res, {
        method: ctx.method as Dispatcher.HttpMethod, // GET or HEAD (readOnlyMethods)
        path: `${basePath}${ctx.url}`,
        headers: forwardedHeaders(ctx),
      });
    } catch (error) {
      if (isTimeout(error)) throw httpError(504, 'The calculation service did not answer in time.');
      throw unavailable();
    }
    let body: Buffer | Readable | null;
    try {
      body = await answer.body;
    } catch {
      throw unavailable();
    }
    const head: string[] = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || NOT_PASSED_BACK.has(name)) continue;
      if (Array.isArray(value)) for (const each of value) head.push(name, each);
      else head.push(name, value);
    }
    ctx.compress = false;
    if (body instanceof Readable) {
      // A streamed answer that calc cuts short cuts the client's short too.
      ctx.status = answer.status;
      for (let i = 0; i < head.length; i += 2) ctx.append(head[i]!, head[i + 1]!);
      ctx.body = body;
      return;
    }
    // Whole, or HEAD's none: the head in one call with the edge's request id (response-head.ts),
    // calc's Content-Length as it gave it.
    ctx.respond = false;
    writeHead(ctx.res, answer.status, head);
    ctx.res.end(body ?? undefined);
  };
  return { middleware, close: () => void pool.destroy() };
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** A sized answer up to READ_WHOLE_MAX_BYTES, whole once it has all come; a larger one as a stream; HEAD's none. */
  body: Promise<Buffer> | Readable | null;
}

interface Settle<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/**
 * Sends the request through undici's dispatch, the interface its request() is built on, and
 * resolves with calc's answer once its head has come. request() wraps every answer in a stream
 * and an abort signal of its own, a sixth of the edge's CPU per forwarded prayer time (bench:
 * prayer-time-via-edge). A client that goes away takes its request along.
 */
export function forward(pool: Dispatcher, res: ServerResponse, options: Dispatcher.DispatchOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const handler = new AnswerHandler(options.method === 'HEAD', { resolve, reject });
    res.once('close', () => handler.clientGone());
    pool.dispatch(options, handler);
  });
}

class AnswerHandler implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | null = null;
  #chunks: Buffer[] | null = null;
  #whole: Settle<Buffer> | null = null;
  #stream: Readable | null = null;
  #ended = false;

  readonly #isHead: boolean;
  readonly #head: Settle<Answer>;

  constructor(isHead: boolean, head: Settle<Answer>) {
    this.#isHead = isHead;
    this.#head = head;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: IncomingHttpHeaders): void {
    if (status < 200) return; // an interim answer; the final one follows
    if (this.#isHead) {
      this.#head.resolve({ status, headers, body: null });
    } else if (Number(headers['content-length']) <= READ_WHOLE_MAX_BYTES) {
      this.#chunks = [];
      const body = new Promise<Buffer>((resolve, reject) => (this.#whole = { resolve, reject }));
      body.catch(() => {}); // the middleware awaits it; a failure before then is not unhandled
      this.#head.resolve({ status, headers, body });
    } else {
      this.#stream = new Readable({ read: () => controller.resume() });
      this.#head.resolve({ status, headers, body: this.#stream });
    }
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#chunks) this.#chunks.push(chunk);
    else if (this.#stream && !this.#stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.#ended = true;
    if (this.#chunks) this.#whole?.resolve(Buffer.concat(this.#chunks));
    else this.#stream?.push(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#ended = true;
    this.#head.reject(error);
    this.#whole?.reject(error);
    this.#stream?.destroy(error);
  }

  /** The client's connection closed: a request still under way is aborted, a finished one left alone. */
  clientGone(): void {
    if (!this.#ended) this.#controller?.abort(new Error('the client closed the connection'));
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
