// HTTP validators for content responses (the 99 Names and the Quran): a weak ETag made
// from the content tree's version and the request's content parameters (never the
// timestamp, rateLimit or signed links, which change on every call), If-None-Match → 304,
// and Cache-Control / Vary saying how a client may keep the body. Runs after the guard,
// so a 304 is counted like any other request. Client guide:
// apps/portal/src/pages/docs/guides/caching.md.
import { hash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { addHeader } from '@ira/core/runtime/response-headers';

export const CONTENT_PATH = /^\/api\/v1\/(?:asma-ul-husna|quran)(?:\/|$)/;
// A different answer on every call: nothing to validate.
export const RANDOM_PATH = /\/random\/?$/;
// The names' daily pick changes with the UTC date.
export const TODAY_PATH = /^\/api\/v1\/asma-ul-husna\/daily\/?$/;
const AUDIO_LINK = Buffer.from('/api/v1/audio/');
const IGNORED_PARAMS = new Set(['api_key']);
const CONTENT_VARY = 'Accept-Encoding, X-API-Key';
/** Bodies without signed links change only with the tree; an hour bounds how stale a corrected text can be. */
export const LINK_FREE_MAX_AGE_S = 3600;
const HASH_CHARS = 22;
/** Distinct (path, parameters, link generation) tags kept; each is ~100 bytes. */
const TAG_CACHE_MAX = 10_000;
/** Distinct raw query strings whose canonical parameters are kept; each is ~200 bytes. */
const PARAMS_CACHE_MAX = 2_000;

export interface ContentCacheOptions {
  /** Changes whenever any file of the content tree does. */
  treeVersion: string;
  /** MEDIA_EXPIRED_TIME: how long a signed link stays valid. */
  linkLifetimeS: number;
}

// Raw query strings → their canonical parameters: a busy read parses its query once.
const params = new LRUCache<string, string>({ max: PARAMS_CACHE_MAX });

/**
 * The query without the key, sorted, so parameter order does not matter; names and values
 * escaped again, so a value holding an escaped `&` or `=` is not taken for two parameters.
 */
export function contentParams(ctx: Context): string {
  const raw = ctx.querystring;
  if (raw === '') return '';
  let canonical = params.get(raw);
  if (canonical === undefined) {
    canonical = [...new URLSearchParams(raw)]
      .filter(([name]) => !IGNORED_PARAMS.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
      .join('&');
    params.set(raw, canonical);
  }
  return canonical;
}

export function bodyHasLinks(body: unknown): boolean {
  return Buffer.isBuffer(body) ? body.includes(AUDIO_LINK) : true;
}

/**
 * Signed links live `linkLifetimeS`; bodies with links get a new tag every half lifetime,
 * so a body revalidated with a 304 still has links valid for at least half their life.
 */
function linkGeneration(nowS: number, lifetimeS: number): { generation: number; secondsLeft: number } {
  const half = Math.max(1, Math.floor(lifetimeS / 2));
  const generation = Math.floor(nowS / half);
  return { generation, secondsLeft: (generation + 1) * half - nowS };
}

/**
 * RFC 9110 §13.1.2 weak comparison. Not Koa's ctx.fresh: that gives up when the request
 * says `Cache-Control: no-cache`, which fetch() adds to any request carrying
 * If-None-Match; an origin server evaluates the condition anyway.
 */
export function noneMatch(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** The validators of one content answer: its ETag (none for random picks) and Cache-Control. */
export interface ContentValidators {
  etag: string | null;
  cacheControl: string;
}

/**
 * Validators from what an answer is made of: its path, its content parameters (see
 * contentParams), whether it carries signed links, and the time, of which only the whole
 * second counts (a link generation's seconds left, today's UTC date). The content memo
 * asks again for each second it replays an answer in, so a replayed max-age is never stale.
 */
export type ValidatorsOf = (path: string, params: string, hasLinks: boolean, nowMs: number) => ContentValidators;

export function createContentValidators(options: ContentCacheOptions): ValidatorsOf {
  // The same request in the same link generation gets the same tag: hash it once.
  const tags = new LRUCache<string, string>({ max: TAG_CACHE_MAX });
  const tagOf = (parts: string): string => {
    let tag = tags.get(parts);
    if (tag === undefined) {
      tag = `W/"${options.treeVersion}-${hash('sha256', parts, 'base64url').slice(0, HASH_CHARS)}"`;
      tags.set(parts, tag);
    }
    return tag;
  };
  return (path, params, hasLinks, nowMs) => {
    if (RANDOM_PATH.test(path)) return { etag: null, cacheControl: 'no-store' };
    const parts = [path, params];
    if (TODAY_PATH.test(path)) parts.push(new Date(nowMs).toISOString().slice(0, 10));
    let maxAgeS = LINK_FREE_MAX_AGE_S;
    if (hasLinks) {
      const { generation, secondsLeft } = linkGeneration(Math.floor(nowMs / 1000), options.linkLifetimeS);
      parts.push(`links:${generation}`);
      maxAgeS = secondsLeft;
    }
    return { etag: tagOf(parts.join('\n')), cacheControl: `private, max-age=${maxAgeS}` };
  };
}

/** Sets the validators (and Vary) on a 200 content answer; If-None-Match that matches makes it a 304. */
export function applyValidators(ctx: Context, validators: ContentValidators): void {
  // Set whole when nothing else varies (the usual case) rather than parsed and merged.
  if (ctx.res.hasHeader('Vary')) ctx.vary(CONTENT_VARY);
  else addHeader(ctx.res, 'Vary', CONTENT_VARY);
  addHeader(ctx.res, 'Cache-Control', validators.cacheControl);
  if (validators.etag === null) return;
  addHeader(ctx.res, 'ETag', validators.etag);
  const ifNoneMatch = ctx.req.headers['if-none-match'];
  if (ifNoneMatch !== undefined && ifNoneMatch !== '' && noneMatch(ifNoneMatch, validators.etag)) {
    ctx.status = 304;
    ctx.body = null;
  }
}

export function contentCache(validatorsOf: ValidatorsOf): Middleware {
  return async function contentCacheMiddleware(ctx, next) {
    await next();
    if (ctx.status !== 200 || !CONTENT_PATH.test(ctx.path)) return;
    applyValidators(ctx, validatorsOf(ctx.path, contentParams(ctx), bodyHasLinks(ctx.body), Date.now()));
  };
}
