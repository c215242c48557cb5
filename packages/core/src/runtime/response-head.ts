// A response's head in one call. Node's setHeader validates, lower-cases and stores each header
// in a per-response dictionary that writing the head walks again; writeHead given a flat list,
// on a response with no header set, validates and writes them in one pass (bench: names-one,
// quran-verse, qibla-varying). The steps every request passes (request id, rate limit, private
// answers, compression) add their headers here; an answer Koa writes gets them set on the
// response just before (collectHeaders), and a step that writes its answer itself sends them
// with its own head (writeHead). Vary is a list: every step's fields go out in one Vary.
import type { ServerResponse } from 'node:http';
import type { Middleware } from 'koa';

const PENDING = Symbol('ira.pendingHeaders');

interface Pending {
  /** Names and values in turn. */
  headers: string[];
  /** Vary's fields, in the order they were added. */
  vary: string[];
}

type Collecting = ServerResponse & { [PENDING]?: Pending };

/** Koa, as the first step: headers added with addHeader and addVary wait for the answer's head. */
export function collectHeaders(): Middleware {
  return async function collectHeadersMiddleware(ctx, next) {
    const res = ctx.res as Collecting;
    res[PENDING] = { headers: [], vary: [] };
    try {
      await next();
    } finally {
      const pending = takePending(res);
      if (pending !== undefined && !res.headersSent) setPending(res, pending);
    }
  };
}

/** Adds a header to the answer: kept for its head under collectHeaders, else set on the response now. */
export function addHeader(res: ServerResponse, name: string, value: string): void {
  const pending = (res as Collecting)[PENDING];
  if (pending === undefined) res.setHeader(name, value);
  else pending.headers.push(name, value);
}

/** Adds a field to the answer's Vary, as addHeader adds a header. */
export function addVary(res: ServerResponse, field: string): void {
  const pending = (res as Collecting)[PENDING];
  if (pending === undefined) res.setHeader('Vary', varyWith(res.getHeader('Vary'), [field]));
  else pending.vary.push(field);
}

/**
 * Writes the head now: `status`, the added headers and `headers` (names and values in turn) in
 * one call. One of `headers` wins over an added header of the same name; Vary holds every
 * field; a header set on the response itself (ctx.set) still goes out.
 */
export function writeHead(res: ServerResponse, status: number, headers: string[]): void {
  const pending = takePending(res) ?? { headers: [], vary: [] };
  const set = res.hasHeader('Vary') ? String(res.getHeader('Vary')) : undefined;
  if (pending.headers.length === 0 && pending.vary.length === 0 && set === undefined) {
    res.writeHead(status, headers);
    return;
  }
  const list = [...notNamedIn(pending.headers, headers), ...headers];
  const fields = set === undefined ? pending.vary : [set, ...pending.vary];
  if (fields.length > 0) {
    const at = indexOfName(list, 'vary');
    if (at === -1) list.push('Vary', varyWith(undefined, fields));
    else list[at + 1] = varyWith(undefined, [...fields, list[at + 1]!]);
    if (set !== undefined) res.removeHeader('Vary');
  }
  res.writeHead(status, list);
}

/** Sets `headers` on the response for Koa's own writing (304, HEAD, a compressed body); Vary is merged. */
export function setHeaders(res: ServerResponse, headers: readonly string[]): void {
  for (let i = 0; i < headers.length; i += 2) {
    const [name, value] = [headers[i]!, headers[i + 1]!];
    if (name.toLowerCase() === 'vary') res.setHeader('Vary', varyWith(res.getHeader('Vary'), [value]));
    else res.setHeader(name, value);
  }
}

function takePending(res: Collecting): Pending | undefined {
  const pending = res[PENDING];
  res[PENDING] = undefined;
  return pending;
}

/** For Koa's writing: a header a later step set on the response wins; Vary is merged. */
function setPending(res: ServerResponse, pending: Pending): void {
  const { headers, vary } = pending;
  for (let i = 0; i < headers.length; i += 2) {
    if (!res.hasHeader(headers[i]!)) res.setHeader(headers[i]!, headers[i + 1]!);
  }
  if (vary.length > 0) {
    const set = res.getHeader('Vary');
    res.setHeader('Vary', varyWith(undefined, set === undefined ? vary : [...vary, String(set)]));
  }
}

/** `existing` with each field of `lists` (comma-separated) not already in it; `*` stands alone. */
function varyWith(existing: unknown, lists: readonly string[]): string {
  const fields: string[] = [];
  const seen = new Set<string>();
  for (const list of existing === undefined ? lists : [String(existing), ...lists]) {
    for (const raw of list.split(',')) {
      const field = raw.trim();
      if (field === '') continue;
      if (field === '*') return '*';
      const lower = field.toLowerCase();
      if (!seen.has(lower)) {
        seen.add(lower);
        fields.push(field);
      }
    }
  }
  return fields.join(', ');
}

function notNamedIn(pending: string[], headers: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < pending.length; i += 2) {
    if (indexOfName(headers, pending[i]!.toLowerCase()) === -1) kept.push(pending[i]!, pending[i + 1]!);
  }
  return kept;
}

/** Where the header named `lower` (lower case) is in `headers`, or -1. */
function indexOfName(headers: readonly string[], lower: string): number {
  for (let i = 0; i < headers.length; i += 2) {
    const name = headers[i]!;
    if (name.length === lower.length && name.toLowerCase() === lower) return i;
  }
  return -1;
}
