// The one content response of the edge: every Names and Quran endpoint answers through it.
// It chooses when the answer's signed links are issued and hands that to the route; it
// replays a kept answer or asks the route for one (content-answer.ts); it wraps the data in
// the envelope, sets the validators (ETag, Cache-Control, Vary, 304) and encodes the body.
// Order per request: the guard has counted it → key → kept answer or route → validators →
// tail (timestamp, api_info, rateLimit) → gzip from the kept deflate, or the body as it is
// for the compression step.
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { Context } from 'koa';
import { apiInfo, envelopePrefix, envelopeTail, JSON_TYPE } from '@ira/core/contract/envelope';
import { guardStateOf } from '@ira/core/runtime/guard';
import { chosenEncoding, COMPRESS_THRESHOLD_BYTES } from '@ira/core/runtime/middleware/compression';
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
  /** How links are issued: the step and its start (UrlSigner). */
  links: Pick<UrlSigner, 'stepMs' | 'issuedAt'>;
  /** MEDIA_EXPIRED_TIME: how long a signed link stays valid. */
  linkLifetimeS: number;
  /** The media catalog's current generation (MediaCatalog.generation). */
  mediaGeneration: () => number;
  /** `api_info.docs`. */
  docsUrl: string;
  memo?: ContentMemo;
}

/**
 * What an answer is made of: the path and the query without the key, sorted, so parameter
 * order does not matter; names and values escaped again, so a value holding an escaped `&`
 * or `=` is not taken for two parameters. Today's UTC date for an answer that follows it.
 */
export function requestKey(ctx: Context, daily: boolean, nowMs: number): string {
  const query = ctx.querystring;
  const params = query === '' ? '' : canonicalParams(query);
  const key = params === '' ? ctx.path : `${ctx.path}?${params}`;
  return daily ? `${key}#${new Date(nowMs).toISOString().slice(0, 10)}` : key;
}

function canonicalParams(query: string): string {
  return [...new URLSearchParams(query)]
    .filter(([name]) => !IGNORED_PARAMS.has(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
}

function acceptsGzip(ctx: Context, bytes: number): boolean {
  if (ctx.method !== 'GET' || bytes < COMPRESS_THRESHOLD_BYTES) return false;
  return ctx.req.headers['accept-encoding'] !== undefined && chosenEncoding(ctx) === 'gzip';
}

/** Makes the middleware of one content endpoint from its usage template and its route. */
export type ContentRoute = (usage: string, endpoint: ContentEndpoint) => RouterMiddleware;

export function createContentResponder(options: ContentResponderOptions): ContentRoute {
  const memo = options.memo ?? createContentMemo();
  const validators = validatorsOf(options.treeVersion, options.linkLifetimeS);
  const { links } = options;

  return function contentRoute(usage, endpoint) {
    const apiInfoJson = JSON.stringify(apiInfo(usage, options.docsUrl, endpoint.attribution));

    /** The answer kept for `key` in its step, else the route's (kept if asked for before). */
    async function answerFor(ctx: RouterContext, key: string | null, nowMs: number) {
      const issuedMs = links.issuedAt(nowMs, key === null ? 0 : linkPhaseMs(key, links.stepMs));
      const generation = options.mediaGeneration();
      const replay = key === null ? undefined : memo.get(key, issuedMs, generation);
      if (replay !== undefined) return { answer: replay, kept: true };
      const route = await endpoint.answer(ctx, { issuedMs });
      const prefix = envelopePrefix(endpoint.service, route.data, route.count);
      const answer: KeptAnswer = { prefix, hasLinks: route.hasLinks, issuedMs, generation };
      return { answer, kept: key !== null && memo.offer(key, answer) };
    }

    return async function contentResponse(ctx) {
      const nowMs = Date.now();
      const key = endpoint.keep === 'never' ? null : requestKey(ctx, endpoint.keep === 'daily', nowMs);
      const { answer, kept } = await answerFor(ctx, key, nowMs);
      const { etag, cacheControl } =
        key === null ? NOT_CACHEABLE : validators(key, answer.hasLinks, nowMs, kept ? answer : undefined);
      // Set whole when nothing else varies (the usual case), rather than parsed and merged.
      if (ctx.res.hasHeader('Vary')) ctx.vary(CONTENT_VARY);
      else ctx.set('Vary', CONTENT_VARY);
      ctx.set('Cache-Control', cacheControl);
      if (etag !== null) {
        ctx.set('ETag', etag);
        const ifNoneMatch = ctx.req.headers['if-none-match'];
        if (ifNoneMatch !== undefined && ifNoneMatch !== '' && noneMatch(ifNoneMatch, etag)) {
          ctx.status = 304;
          return;
        }
      }
      const tail = envelopeTail(apiInfoJson, guardStateOf(ctx).rateLimit);
      ctx.type = JSON_TYPE;
      const gzip = kept && tail.length <= MAX_STORED_BYTES && acceptsGzip(ctx, answer.prefix.length);
      const deflated = gzip ? memo.deflated(key!, answer) : null;
      if (deflated !== null) {
        // The kept bytes deflated once and this request's tail stored: no compressor to run.
        ctx.set('Content-Encoding', 'gzip');
        ctx.body = Buffer.concat(gzipBody(deflated, tail));
      } else {
        ctx.body = Buffer.concat([answer.prefix, tail]);
      }
    };
  };
}
