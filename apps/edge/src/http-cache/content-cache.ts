// HTTP validators for content responses (the 99 Names and the Quran): a weak ETag made
// from the content tree's version and the request's content parameters (never the
// timestamp, rateLimit or signed links, which change on every call), If-None-Match → 304,
// and Cache-Control / Vary saying how a client may keep the body. Runs after the guard,
// so a 304 is counted like any other request. Client guide:
// apps/portal/src/pages/docs/guides/caching.md.
import { hash } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';

export const CONTENT_PATH = /^\/api\/v1\/(?:asma-ul-husna|quran)(?:\/|$)/;
// A different answer on every call: nothing to validate.
export const RANDOM_PATH = /\/random\/?$/;
// The names' daily pick changes with the UTC date.
const TODAY_PATH = /^\/api\/v1\/asma-ul-husna\/daily\/?$/;
const AUDIO_LINK = Buffer.from('/api/v1/audio/');
const IGNORED_PARAMS = new Set(['api_key']);
/** Bodies without signed links change only with the tree; an hour bounds how stale a corrected text can be. */
export const LINK_FREE_MAX_AGE_S = 3600;
const HASH_CHARS = 22;
/** Distinct (path, parameters, link generation) tags kept; each is ~100 bytes. */
const TAG_CACHE_MAX = 10_000;

export interface ContentCacheOptions {
  /** Changes whenever any file of the content tree does. */
  treeVersion: string;
  /** MEDIA_EXPIRED_TIME: how long a signed link stays valid. */
  linkLifetimeS: number;
}

/** The query without the key, sorted, so parameter order does not matter. */
export function contentParams(ctx: Context): string {
  if (ctx.querystring === '') return '';
  const params = new URLSearchParams(ctx.querystring);
  return [...params].filter(([name]) => !IGNORED_PARAMS.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([n, v]) => `${n}=${v}`).join('&');
}

function bodyHasLinks(body: unknown): boolean {
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

export function contentCache(options: ContentCacheOptions): Middleware {
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
  return async function contentCacheMiddleware(ctx, next) {
    await next();
    if (ctx.status !== 200 || !CONTENT_PATH.test(ctx.path)) return;
    ctx.vary(['Accept-Encoding', 'X-API-Key']);
    if (RANDOM_PATH.test(ctx.path)) {
      ctx.set('Cache-Control', 'no-store');
      return;
    }
    const parts = [ctx.path, contentParams(ctx)];
    if (TODAY_PATH.test(ctx.path)) parts.push(new Date().toISOString().slice(0, 10));
    let maxAgeS = LINK_FREE_MAX_AGE_S;
    if (bodyHasLinks(ctx.body)) {
      const { generation, secondsLeft } = linkGeneration(Math.floor(Date.now() / 1000), options.linkLifetimeS);
      parts.push(`links:${generation}`);
      maxAgeS = secondsLeft;
    }
    const etag = tagOf(parts.join('\n'));
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', `private, max-age=${maxAgeS}`);
    const ifNoneMatch = ctx.get('If-None-Match');
    if (ifNoneMatch !== '' && noneMatch(ifNoneMatch, etag)) {
      ctx.status = 304;
      ctx.body = null;
    }
  };
}
