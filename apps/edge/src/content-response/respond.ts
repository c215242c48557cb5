// The one content response of the edge: every Names and Quran endpoint answers through it.
// It chooses when the answer's signed links are issued and hands that to the route; it asks
// the route for the data (content-answer.ts), wraps it in the envelope, keeps it (memo.ts),
// sets the validators (ETag, Cache-Control, Vary, 304) and encodes the body, writing its head
// in one call. A request whose answer is kept for this link step is answered before routing
// (`replay`): the memo is keyed by the request, and the kept answer carries what its endpoint
// needs (api_info, route pattern), so a replay skips the router, which is a third of the cost of
// such an answer (bench: names-one, quran-verse).
// Making kept answers again when their link step has ended may take a share of the edge's time
// (`remaking`); past it, an answer of the step before is replayed while its links may still be
// handed out (UrlSigner.graceMs). After a quiet spell every page read in turn would otherwise be
// made again back to back, ~200 links each (bench: quran-page-varying, its p99).
// Order per request, after the edge's guard (401, 429, counted): key → kept answer or route → validators →
// tail (timestamp, api_info, rateLimit) → a kept answer gzip from its one deflate (as it is
// until that is done), an answer not kept through the compression step.
import type { RouterMiddleware } from '@koa/router';
import type { Context, Middleware } from 'koa';
import { apiInfo, envelopePrefix, envelopeTail, JSON_TYPE } from '@ira/core/contract/envelope';
import { guardStateOf } from '@ira/core/runtime/guard';
import { annotate } from '@ira/core/runtime/observe/annotations';
import { encodingFor } from '@ira/core/runtime/middleware/compression';
import { setHeaders, writeHead } from '@ira/core/runtime/response-head';
import type { UrlSigner } from '../audio/url-signer.ts';
import type { ContentEndpoint } from './content-answer.ts';
import { gzipBody, MAX_STORED_BYTES } from './gzip-member.ts';
import { createContentMemo, linkPhaseMs, type ContentMemo, type KeptAnswer } from './memo.ts';
import { CONTENT_VARY, noneMatch, NOT_CACHEABLE, validatorsOf } from './validators.ts';

// The key is a credential, not a content parameter.
const IGNORED_PARAMS = new Set(['api_key']);

export interface ContentResponderOptions {
  /** Changes whenever any file of the content tree does. */
  treeVersion: string;
  /** How links are issued: the step, its start and how long past it they may be handed out (UrlSigner). */
  links: Pick<UrlSigner, 'stepMs' | 'graceMs' | 'issuedAt'>;
  /** MEDIA_EXPIRED_TIME: how long a signed link stays valid. */
  linkLifetimeS: number;
  /** The media catalog's current generation (MediaCatalog.generation). */
  mediaGeneration: () => number;
  /** `api_info.docs`. */
  docsUrl: string;
  memo?: ContentMemo;
  /** Making kept answers again may take `budgetMs` of every `windowMs`: 10 of every 100 by default. */
  remaking?: { windowMs: number; budgetMs: number };
}

/**
 * What an answer is made of: the path and the query without the key, sorted, so parameter
 * order does not matter; names and values escaped again, so a value holding an escaped `&`
 * or `=` is not taken for two parameters.
 */
export function requestKey(ctx: Context): string {
  const query = ctx.querystring;
  const params = query === '' ? '' : canonicalParams(query);
  return params === '' ? ctx.path : `${ctx.path}?${params}`;
}

const utcDay = (nowMs: number): string => new Date(nowMs).toISOString().slice(0, 10);

/** A share of time: what was spent counts for the window it was spent in. */
function timeShare({ windowMs, budgetMs }: { windowMs: number; budgetMs: number }) {
  let windowStart = -Infinity;
  let spent = 0;
  return {
    left(nowMs: number): boolean {
      if (nowMs - windowStart >= windowMs) [windowStart, spent] = [nowMs, 0];
      return spent < budgetMs;
    },
    spend(ms: number): void {
      spent += ms;
    },
  };
}

function canonicalParams(query: string): string {
  return [...new URLSearchParams(query)]
    .filter(([name]) => !IGNORED_PARAMS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

/**
 * Writes the head in one call with the steps' headers (response-head.ts), then the answer's
 * parts in one corked write rather than copied into one buffer: a copy of a large answer per
 * request kept the collector busy (bench: names-list, quran-surah-2). Nothing after the route
 * has anything to add to such an answer (`respond = false`).
 */
function writeParts(ctx: Context, head: string[], parts: readonly Buffer[]): void {
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  head.push('Content-Type', JSON_TYPE, 'Content-Length', String(length));
  ctx.respond = false;
  const { res } = ctx;
  res.cork();
  writeHead(res, 200, head);
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts.at(-1));
  res.uncork();
}

/** One content endpoint: what its answers are made by, and what a kept answer of it carries. */
export interface ContentRouteOptions {
  usage: string;
  /** The route pattern, for the access log and metrics of a replay. */
  routePath: string;
  endpoint: ContentEndpoint;
}

export interface ContentResponder {
  /** Before routing, after the guard: answers a request whose answer is kept for this link step. */
  replay: Middleware;
  /** The routed middleware of one content endpoint. */
  route(options: ContentRouteOptions): RouterMiddleware;
}

export function createContentResponder(options: ContentResponderOptions): ContentResponder {
  const memo = options.memo ?? createContentMemo();
  const validators = validatorsOf(options.treeVersion, options.linkLifetimeS);
  const { links } = options;

  const remaking = timeShare(options.remaking ?? { windowMs: 100, budgetMs: 10 });

  /**
   * The answer kept for `key` now, with today's media (and UTC day): made in this link step, or
   * in the step before while its links may still be handed out and remaking has spent its share.
   */
  function keptFor(key: string, nowMs: number): KeptAnswer | undefined {
    const issuedMs = links.issuedAt(nowMs, linkPhaseMs(key, links.stepMs));
    const generation = options.mediaGeneration();
    let kept = memo.get(key, issuedMs, generation);
    if (kept === undefined && nowMs < issuedMs + links.graceMs) {
      const before = memo.get(key, issuedMs - links.stepMs, generation);
      if (before !== undefined && !remaking.left(nowMs)) kept = before;
    }
    return kept !== undefined && (kept.day === undefined || kept.day === utcDay(nowMs)) ? kept : undefined;
  }

  /** Validators, then the envelope's tail, then the body: kept bytes deflated once, or as they are. */
  function send(ctx: Context, key: string | null, answer: KeptAnswer, kept: boolean, nowMs: number): void {
    const tagKey = answer.day === undefined ? key : `${key}#${answer.day}`;
    const { etag, cacheControl } =
      tagKey === null ? NOT_CACHEABLE : validators(tagKey, answer.hasLinks, nowMs, kept ? answer : undefined);
    const head = ['Vary', CONTENT_VARY, 'Cache-Control', cacheControl];
    if (etag !== null) {
      head.push('ETag', etag);
      const ifNoneMatch = ctx.req.headers['if-none-match'];
      if (ifNoneMatch !== undefined && ifNoneMatch !== '' && noneMatch(ifNoneMatch, etag)) {
        setHeaders(ctx.res, head); // for Koa's response step
        ctx.status = 304;
        return;
      }
    }
    const tail = envelopeTail(answer.apiInfoJson, guardStateOf(ctx).rateLimit);
    if (ctx.method !== 'GET') {
      setHeaders(ctx.res, head); // for Koa's response step
      ctx.type = JSON_TYPE;
      ctx.body = Buffer.concat([answer.prefix, tail]); // HEAD: Koa's response step sends the head alone
      return;
    }
    // The whole answer's length decides, as in the compression step.
    const encoding = encodingFor(ctx, answer.prefix.length + tail.length);
    const deflatable = kept && encoding === 'gzip' && tail.length <= MAX_STORED_BYTES;
    // Kept: its bytes deflated once and this request's tail stored, no compressor to run.
    const deflated = deflatable ? memo.deflated(key!, answer) : null;
    if (deflated !== null) {
      head.push('Content-Encoding', 'gzip');
      return writeParts(ctx, head, gzipBody(deflated, tail));
    }
    // Until that deflate is done (on the thread pool, which may be busy) it goes as it is: no
    // request waits for it or compresses the bytes again on the event loop.
    if (encoding === 'identity' || deflatable) {
      return writeParts(ctx, head, [answer.prefix, tail]);
    }
    setHeaders(ctx.res, head); // for Koa's response step
    ctx.type = JSON_TYPE;
    ctx.body = Buffer.concat([answer.prefix, tail]); // for the compression step
  }

  const replay: Middleware = function contentReplay(ctx, next) {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const nowMs = Date.now();
    const key = requestKey(ctx);
    const kept = keptFor(key, nowMs);
    if (kept === undefined) return next();
    annotate(ctx.res, { route: kept.routePath });
    send(ctx, key, kept, true, nowMs);
  };

  function route({ usage, routePath, endpoint }: ContentRouteOptions): RouterMiddleware {
    const apiInfoJson = JSON.stringify(apiInfo(usage, options.docsUrl, endpoint.attribution));
    return async function contentResponse(ctx) {
      const nowMs = Date.now();
      const key = endpoint.keep === 'never' ? null : requestKey(ctx);
      // Kept meanwhile (between this request's replay check and its route), or made now.
      const replayed = key === null ? undefined : keptFor(key, nowMs);
      if (replayed !== undefined) return send(ctx, key, replayed, true, nowMs);
      const issuedMs = links.issuedAt(nowMs, key === null ? 0 : linkPhaseMs(key, links.stepMs));
      const remake = key !== null && memo.holds(key);
      const started = performance.now();
      const made = await endpoint.answer(ctx, { issuedMs });
      if (remake) remaking.spend(performance.now() - started);
      const answer: KeptAnswer = {
        prefix: envelopePrefix(endpoint.service, made.data, made.count),
        hasLinks: made.hasLinks,
        issuedMs,
        generation: options.mediaGeneration(),
        ...(endpoint.keep === 'daily' ? { day: utcDay(nowMs) } : {}),
        apiInfoJson,
        routePath,
      };
      return send(ctx, key, answer, key !== null && memo.offer(key, answer), nowMs);
    };
  }

  return { replay, route };
}
