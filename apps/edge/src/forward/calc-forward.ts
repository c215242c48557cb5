// Forwards calc's endpoints (the endpoint table's `calc` entries) to the calc service,
// streaming its answer back untouched: calc checks keys and limits itself, so its status,
// RateLimit*/Retry-After/X-Request-Id headers and body reach the client as they are. The
// requests go over undici's pool of kept-alive connections, through its dispatch interface
// (its request() wraps every answer in a stream of its own). Bench: prayer-time-via-edge.
import type http from 'node:http';
import { pipeline, Readable } from 'node:stream';
import type { Middleware } from 'koa';
import { Pool, type Dispatcher } from 'undici';
import { httpError } from '@ira/core/contract/errors';
import { respondNow, writeHeadNow } from '@ira/core/runtime/response-headers';

// Headers the calc service needs from the client; everything else stays here.
const PASSED_HEADERS = ['x-api-key', 'accept', 'accept-encoding', 'if-none-match'];
// RFC 9110 §7.6.1: connection-specific headers are never forwarded.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);
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

export interface CalcForwardOptions {
  /** Extra CA certificate(s) to trust for an https CALC_URL (tests; production uses NODE_EXTRA_CA_CERTS). */
  ca?: string | Buffer;
  /** How long calc may take to start answering, and between parts of an answer (ms); 15 s by default. */
  timeoutMs?: number;
}

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
      answer = await send(pool, ctx.res, {
        method: ctx.method as Dispatcher.HttpMethod,
        path: `${basePath}${ctx.url}`,
        headers: forwardedHeaders(
          ctx.req,
          String(ctx.state.requestId),
          ctx.host,
          String(ctx.state.protocol ?? ctx.protocol),
        ),
        body: null, // only GET and HEAD reach here (readOnlyMethods)
      });
    } catch (error) {
      if (isTimeout(error)) throw httpError(504, 'The calculation service did not answer in time.');
      throw httpError(502, 'The calculation service is unavailable.');
    }
    // Written here, as calc sent it (calc compressed or chose not to): its headers as a list in
    // one writeHead call with those the edge's steps added (its request id, which calc
    // echoed). Koa would set each of calc's headers on the response first.
    const head = headList(answer.headers, ctx.state.requestId !== undefined);
    if (answer.body instanceof Readable) {
      ctx.respond = false;
      writeHeadNow(ctx.res, answer.status, head);
      // An answer calc cuts short cuts the client's short too.
      pipeline(answer.body, ctx.res, () => {});
      return;
    }
    let body: Buffer;
    try {
      body = await answer.body;
    } catch {
      throw httpError(502, 'The calculation service is unavailable.');
    }
    respondNow(ctx, answer.status, head, body);
  };
  return { middleware, close: () => void pool.destroy() };
}

/** Calc's headers as a flat list of names and values, without the hop-by-hop ones (and its X-Request-Id when the edge writes its own). */
function headList(headers: http.IncomingHttpHeaders, ownRequestId: boolean): string[] {
  const list: string[] = [];
  for (const name in headers) {
    const value = headers[name];
    if (value === undefined || HOP_BY_HOP.has(name) || (ownRequestId && name === 'x-request-id')) continue;
    if (typeof value === 'string') list.push(name, value);
    else for (const each of value) list.push(name, each);
  }
  return list;
}

function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
}

function forwardedHeaders(
  req: http.IncomingMessage,
  requestId: string,
  host: string,
  protocol: string,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
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

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The whole body still arriving (a GET answer up to READ_WHOLE_MAX_BYTES), or a stream of it. */
  body: Promise<Buffer> | Readable;
}

interface Settle<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/**
 * Calc's answer, as undici's dispatch hands it over: the head resolves `send`; a sized GET
 * answer is gathered into one buffer, anything else streamed through with backpressure.
 * (undici's request() wraps every answer in a stream of its own.)
 */
class Forwarding implements Dispatcher.DispatchHandler {
  #controller: Dispatcher.DispatchController | null = null;
  #chunks: Buffer[] | null = null;
  #stream: Readable | null = null;
  #whole: Settle<Buffer> | null = null;
  #settled = false;

  readonly #readWhole: boolean;
  readonly #head: Settle<Answer>;

  constructor(readWhole: boolean, head: Settle<Answer>) {
    this.#readWhole = readWhole;
    this.#head = head;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
  }

  onResponseStart(controller: Dispatcher.DispatchController, status: number, headers: http.IncomingHttpHeaders): void {
    if (status < 200) return;
    const length = Number(headers['content-length']);
    if (this.#readWhole && length <= READ_WHOLE_MAX_BYTES) {
      this.#chunks = [];
      const body = new Promise<Buffer>((resolve, reject) => (this.#whole = { resolve, reject }));
      body.catch(() => {});
      this.#head.resolve({ status, headers, body });
      return;
    }
    this.#stream = new Readable({ read: () => controller.resume() });
    this.#head.resolve({ status, headers, body: this.#stream });
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (this.#chunks) this.#chunks.push(chunk);
    else if (this.#stream && !this.#stream.push(chunk)) controller.pause();
  }

  onResponseEnd(): void {
    this.#settled = true;
    const chunks = this.#chunks;
    if (chunks) this.#whole?.resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    else this.#stream?.push(null);
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.#settled = true;
    this.#head.reject(error);
    this.#whole?.reject(error);
    this.#stream?.destroy(error);
  }

  /** The client went away: its forwarded request goes with it (a finished one is not touched). */
  abort(): void {
    const controller = this.#controller;
    if (controller && !this.#settled) controller.abort(new Error('the client closed the connection'));
  }
}

/** Sends the request (streaming any body through) and resolves with the answer's head. */
function send(pool: Pool, to: http.ServerResponse, options: Dispatcher.DispatchOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const handler = new Forwarding(options.method === 'GET', { resolve, reject });
    to.once('close', () => handler.abort());
    pool.dispatch(options, handler);
  });
}
