// HTTP validators for content answers (the 99 Names and the Quran): a weak ETag made from
// the content tree's version and the request (never the timestamp, rateLimit or signed
// links, which change on every call), and Cache-Control saying how long a client may keep
// the body. Client guide: apps/portal/src/pages/docs/guides/caching.md.
import { hash } from 'node:crypto';

/** Bodies without signed links change only with the tree; an hour bounds how stale a corrected text can be. */
export const LINK_FREE_MAX_AGE_S = 3600;
export const CONTENT_VARY = 'Accept-Encoding, X-API-Key';
const HASH_CHARS = 22;

export interface ContentValidators {
  /** Null for an answer that differs on every call (random picks). */
  etag: string | null;
  cacheControl: string;
}

export const NOT_CACHEABLE: ContentValidators = { etag: null, cacheControl: 'no-store' };

/**
 * Signed links live `lifetimeS`; bodies with links get a new tag every half lifetime, so a
 * body revalidated with a 304 still has links valid for at least half their life.
 */
function linkGeneration(nowS: number, lifetimeS: number): { generation: number; secondsLeft: number } {
  const half = Math.max(1, Math.floor(lifetimeS / 2));
  const generation = Math.floor(nowS / half);
  return { generation, secondsLeft: (generation + 1) * half - nowS };
}

/** Where a kept answer remembers its ETag: the tag is the same for its whole link generation. */
export interface Tagged {
  etag?: string;
  etagGeneration?: number;
}

/**
 * The validators of the answer to `requestKey` (its path and content parameters) at `nowMs`.
 * A kept answer (`tagged`) hashes its tag once per link generation, not once per request.
 */
export function validatorsOf(
  treeVersion: string,
  linkLifetimeS: number,
): (requestKey: string, hasLinks: boolean, nowMs: number, tagged?: Tagged) => ContentValidators {
  return (requestKey, hasLinks, nowMs, tagged) => {
    const { generation, secondsLeft } = hasLinks
      ? linkGeneration(Math.floor(nowMs / 1000), linkLifetimeS)
      : { generation: -1, secondsLeft: LINK_FREE_MAX_AGE_S };
    let etag = tagged?.etagGeneration === generation ? tagged.etag : undefined;
    if (etag === undefined) {
      const text = hasLinks ? `${requestKey}\nlinks:${generation}` : requestKey;
      etag = `W/"${treeVersion}-${hash('sha256', text, 'base64url').slice(0, HASH_CHARS)}"`;
      if (tagged !== undefined) Object.assign(tagged, { etag, etagGeneration: generation });
    }
    return { etag, cacheControl: `private, max-age=${secondsLeft}` };
  };
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
