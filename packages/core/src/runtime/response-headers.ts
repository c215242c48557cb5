// Headers written with the answer's head in one call. Node's setHeader validates, lower-cases
// and stores each header in a per-response object, and writing the head walks that object
// again; writeHead given a flat list of names and values, on a response with no header set,
// validates and writes them in one pass. Counted under callgrind (instructions per answer on
// the event loop, 2026-11-28): a bare node:http server answering one Name with the eight
// headers a keyed answer carries 89.6k by setHeader, 74.4k by writeHead with a list, against
// 69.1k with two headers. On the edge a replayed answer's steps add theirs here (addHeader)
// and the content memo writes its head with them (writeHeadNow); an answer Koa writes gets
// them set on the response just before (collectHeaders).
import type { ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';

const PENDING = Symbol('ira.pendingHeaders');

type Collecting = ServerResponse & { [PENDING]?: string[] };

/** Koa, as the first step: headers added with addHeader are kept until the answer's head is written, and written with it. */
export function collectHeaders(): Middleware {
  return async function collectHeadersMiddleware(ctx, next) {
    const res = ctx.res as Collecting;
    res[PENDING] = [];
    try {
      await next();
    } finally {
      setPending(res);
    }
  };
}

/** Adds a header to the answer: kept for its head under collectHeaders, else set on the response at once. */
export function addHeader(res: ServerResponse, name: string, value: string): void {
  const pending = (res as Collecting)[PENDING];
  if (pending === undefined) res.setHeader(name, value);
  else pending.push(name, value);
}

/** The kept headers, set on the response for Koa's own writing (unless the head is already written). */
function setPending(res: Collecting): void {
  const pending = res[PENDING];
  res[PENDING] = undefined;
  if (pending === undefined || res.headersSent) return;
  for (let i = 0; i < pending.length; i += 2) res.setHeader(pending[i]!, pending[i + 1]!);
}

/**
 * Writes the head now: `status`, the kept headers and `headers` (names and values in turn) in
 * one writeHead call. A header set on the response itself (ctx.vary, ctx.set) still goes out,
 * and one of the same name in the list wins over it.
 */
export function writeHeadNow(res: ServerResponse, status: number, headers: string[]): void {
  const pending = (res as Collecting)[PENDING];
  (res as Collecting)[PENDING] = undefined;
  res.writeHead(status, pending === undefined || pending.length === 0 ? headers : [...pending, ...headers]);
}

/** Answers now, Koa's response step left out: the head in one call (writeHeadNow), then `body`. */
export function respondNow(ctx: Context, status: number, headers: string[], body: Buffer): void {
  ctx.respond = false;
  writeHeadNow(ctx.res, status, headers);
  ctx.res.end(body);
}
