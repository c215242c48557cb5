// The content memo: a keyed content read answered within the same second as an
// identical earlier one gets that answer's bytes again, with only its own per-request
// tail (timestamp, rateLimit) made. Within a second the data is the same by
// construction: the tree never changes while the edge runs, and signed links are
// made per second (audio/url-signer.ts); which audio files exist changes only when the
// media catalog rescans, and an answer made before a rescan is not replayed. Runs after the guard, so every request is
// still counted, and outside the content cache, whose ETag, Cache-Control and Vary are
// replayed. A missed request runs the routes as before. Random picks are never memoised.
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { envelopeTail, sendJsonBytes, type RateLimitInfo } from '@ira/core/envelope';
import type { SentEnvelope } from '../routes/envelope-response.ts';
import { CONTENT_PATH, contentParams, noneMatch, RANDOM_PATH } from './content-cache.ts';

/** Bytes of memoised answers kept at most (a whole Al-Baqarah with links is ~1.4 MB). */
export const CONTENT_MEMO_MAX_BYTES = 32 * 1024 * 1024;
/** What an entry costs beside its bytes (headers, key, object). */
const ENTRY_OVERHEAD_BYTES = 512;
const REPLAYED_HEADERS = ['etag', 'cache-control', 'vary'] as const;

interface Answer extends SentEnvelope {
  /** Epoch second the answer was made in; it is replayed only within it. */
  second: number;
  /** The media catalog's generation it was made under. */
  generation: number;
  headers: Partial<Record<(typeof REPLAYED_HEADERS)[number], string>>;
  /** The route pattern, for the access log and metrics. */
  route: unknown;
}

function memoKey(ctx: Context): string {
  return ctx.querystring === '' ? ctx.path : `${ctx.path}?${contentParams(ctx)}`;
}

function replay(ctx: Context, answer: Answer): void {
  ctx.set(answer.headers);
  (ctx as { _matchedRoute?: unknown })._matchedRoute = answer.route;
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch !== '' && answer.headers.etag !== undefined && noneMatch(ifNoneMatch, answer.headers.etag)) {
    ctx.status = 304;
    return;
  }
  const tail = envelopeTail(answer.apiInfoJson, ctx.state.rateLimit as RateLimitInfo | undefined);
  sendJsonBytes(ctx, Buffer.concat([answer.prefix, tail]));
}

export interface ContentMemoOptions {
  /** The media catalog's current generation (MediaCatalog.generation). */
  mediaGeneration: () => number;
  maxBytes?: number;
}

export function contentMemo(options: ContentMemoOptions): Middleware {
  const answers = new LRUCache<string, Answer>({
    maxSize: options.maxBytes ?? CONTENT_MEMO_MAX_BYTES,
    sizeCalculation: (answer) => answer.prefix.length + ENTRY_OVERHEAD_BYTES,
  });
  return async function contentMemoMiddleware(ctx, next) {
    if (!CONTENT_PATH.test(ctx.path) || RANDOM_PATH.test(ctx.path)) return next();
    const key = memoKey(ctx);
    const second = Math.floor(Date.now() / 1000);
    const generation = options.mediaGeneration();
    const known = answers.get(key);
    if (known !== undefined && known.second === second && known.generation === generation) return replay(ctx, known);
    await next();
    const sent = ctx.state.sentEnvelope as SentEnvelope | undefined;
    // Only whole 200 answers (a 304 sent no bytes to keep).
    if (ctx.status !== 200 || sent === undefined) return;
    const headers: Answer['headers'] = {};
    for (const name of REPLAYED_HEADERS) {
      const value = ctx.response.get(name);
      if (value !== '') headers[name] = value;
    }
    answers.set(key, { ...sent, second, generation, headers, route: (ctx as { _matchedRoute?: unknown })._matchedRoute });
  };
}
