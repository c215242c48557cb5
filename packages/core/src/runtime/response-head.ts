// A response's head in one call. Node's setHeader validates, lower-cases and stores each header
// in a per-response dictionary that writing the head walks again; writeHead given a flat list,
// on a response with no header set, validates and writes them in one pass (bench: names-one,
// quran-verse). The steps every request passes (request id, rate limit) add their headers
// here; an answer Koa writes gets them set on the response just before (collectHeaders), and a
// step that writes its answer itself sends them with its own head (writeHead).
import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

const PENDING = Symbol('ira.pendingHeaders');

type Collecting = ServerResponse & { [PENDING]?: string[] };

/** Koa, as the first step: headers added with addHeader wait for the answer's head. */
export function collectHeaders(): Middleware {
  return async function collectHeadersMiddleware(ctx, next) {
    const res = ctx.res as Collecting;
    res[PENDING] = [];
    try {
      await next();
    } finally {
      const pending = takePending(res);
      // For Koa's own writing; a header a later step set on the response wins.
      if (!res.headersSent) {
        for (let i = 0; i < pending.length; i += 2) {
          if (!res.hasHeader(pending[i]!)) res.setHeader(pending[i]!, pending[i + 1]!);
        }
      }
    }
  };
}

/** Adds a header to the answer: kept for its head under collectHeaders, else set on the response now. */
export function addHeader(res: ServerResponse, name: string, value: string): void {
  const pending = (res as Collecting)[PENDING];
  if (pending === undefined) res.setHeader(name, value);
  else pending.push(name, value);
}

/**
 * Writes the head now: `status`, the added headers and `headers` (names and values in turn) in
 * one call. One of `headers` wins over an added header of the same name; a header set on the
 * response itself (ctx.set, ctx.vary) still goes out.
 */
export function writeHead(res: ServerResponse, status: number, headers: string[]): void {
  const pending = takePending(res);
  res.writeHead(status, pending.length === 0 ? headers : [...notNamedIn(pending, headers), ...headers]);
}

function takePending(res: Collecting): string[] {
  const pending = res[PENDING] ?? [];
  res[PENDING] = undefined;
  return pending;
}

function notNamedIn(pending: string[], headers: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < pending.length; i += 2) {
    if (!namedIn(pending[i]!, headers)) kept.push(pending[i]!, pending[i + 1]!);
  }
  return kept;
}

function namedIn(name: string, headers: string[]): boolean {
  for (let i = 0; i < headers.length; i += 2) {
    const other = headers[i]!;
    if (other.length === name.length && other.toLowerCase() === name.toLowerCase()) return true;
  }
  return false;
}
