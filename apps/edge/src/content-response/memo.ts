// The content memo: a keyed content read identical to one answered earlier in the same
// link step gets that answer's bytes again, with only its own per-request tail (timestamp,
// rateLimit) and freshly computed validators. Within a step the data is the same by
// construction: the tree never changes while the edge runs, an answer's signed links are
// issued once per step (url-signer.ts: at most a minute), and which audio files exist
// changes only when a media rescan finds other files (an answer made before is not
// replayed). Each answer's steps start at a second of its own (linkPhaseMs), so kept
// answers are made again one after another through the step, not all at the minute.
// Runs after the guard, so every request is still counted. A missed request runs the
// routes as before. Random picks are never kept, nor an answer to a read not asked for in
// this step or the one before (see SEEN_FILTER_BITS). An answer whose step has just ended
// is made again, within a share of the edge's time; past it, it is replayed for up to one
// more step (see REMAKE_BUDGET_MS).
import type { Context, Middleware } from 'koa';
import { LRUCache } from 'lru-cache';
import { envelopeTail, JSON_TYPE, sendJsonBytes, type RateLimitInfo } from '@ira/core/contract/envelope';
import { chosenEncoding, COMPRESS_THRESHOLD_BYTES } from '@ira/core/runtime/middleware/compression';
import { ownedCopy } from '@ira/core/runtime/kept-bytes';
import { writeHeadNow } from '@ira/core/runtime/response-headers';
import { keyHashes, seenFilter } from '@ira/core/runtime/seen-filter';
import type { SentEnvelope } from './envelope-response.ts';
import type { UrlSigner } from '../audio/url-signer.ts';
import { deflateOnce, gzipBody, MAX_STORED_BYTES, type DeflatedBytes } from './gzip-member.ts';
import {
  applyValidators,
  bodyHasLinks,
  CONTENT_PATH,
  contentParams,
  RANDOM_PATH,
  TODAY_PATH,
  type ContentValidators,
  type ValidatorsOf,
} from './validators.ts';

/** Bytes of kept answers at most (every mushaf page with links is ~20 MB; a whole Al-Baqarah ~1.4 MB). */
export const CONTENT_MEMO_MAX_BYTES = 32 * 1024 * 1024;
/** What an entry costs beside its bytes (key, object). */
const ENTRY_OVERHEAD_BYTES = 512;
/**
 * Bits of each of the seen filter's two generations (a generation is a link step): 512 KB,
 * ~0.3% false "seen" at 120,000 keys a step. The memo keeps an answer only for a key read
 * in this step or the one before: distinct searches at 2,000 a second for 30 s, start
 * included, made 16 full collections of 3-10 ms when each answer was kept, 9 with the
 * filter, 5 with search answers never kept. A key read in one step is kept at its first
 * read in the next, so answers asked for all along are replayed as before.
 */
const SEEN_FILTER_BITS = 1 << 22;

/**
 * Where in each link step the steps of the answer to `key` start: a whole second from a
 * hash of the key, so the answers kept turn spread over the step (every mushaf page made
 * again at the minute was ~0.6 s of edge CPU at once, and a p99 of up to 570 ms while 64
 * connections read pages in turn). An answer that changes with the UTC date (today's
 * Name) keeps steps aligned to the minute, which never straddle a day.
 */
export function linkPhaseMs(key: string, stepMs: number): number {
  const query = key.indexOf('?');
  return phaseOf(query === -1 ? key : key.slice(0, query), keyHashes(key)[0], stepMs);
}

/** linkPhaseMs from the key's path and first hash, which the memo has at hand. */
function phaseOf(path: string, hash: number, stepMs: number): number {
  return TODAY_PATH.test(path) ? 0 : (hash % (stepMs / 1000)) * 1000;
}

/**
 * Making kept answers again when their step has ended may take REMAKE_BUDGET_MS of every
 * REMAKE_WINDOW_MS of the edge's time. Past it, an answer whose step ended no more than the
 * links' grace ago (UrlSigner.graceMs) is replayed as it was, and made again on a later
 * read; never today's Name, whose step may have crossed midnight. After a quiet spell
 * every answer whose step turned meanwhile is stale at once:
 * reading the 604 mushaf pages in turn after 6 s without reads, ~60 pages were made again
 * back to back (a mushaf page signs ~200 links) and that round's p99 was 29-41 ms, against
 * 13-15 ms for rounds read without a pause.
 */
const REMAKE_WINDOW_MS = 100;
const REMAKE_BUDGET_MS = 10;

export interface RemakeShare {
  windowMs: number;
  budgetMs: number;
}

export interface ContentMemoOptions {
  validators: ValidatorsOf;
  /** How links are issued: the step, its start and the grace after it (UrlSigner). */
  links: Pick<UrlSigner, 'stepMs' | 'issuedAt' | 'graceMs'>;
  /** The media catalog's current generation (MediaCatalog.generation). */
  mediaGeneration: () => number;
  maxBytes?: number;
  /** The share of time remaking may take (REMAKE_BUDGET_MS of REMAKE_WINDOW_MS by default). */
  remaking?: RemakeShare;
}

interface Answer extends SentEnvelope {
  path: string;
  params: string;
  hasLinks: boolean;
  /** When its links were issued (its step's start), its phase, and the media generation: it is replayed only within that step and generation. */
  issuedMs: number;
  phaseMs: number;
  generation: number;
  /** Its validators for the whole second validatorsSecond (ValidatorsOf changes only by the second). */
  validators: ContentValidators | null;
  validatorsSecond: number;
  /** The bytes deflated for gzip replays once made (null if that failed), and their making (deflatedOf). */
  deflated?: DeflatedBytes | null;
  deflating?: Promise<DeflatedBytes | null>;
}

/**
 * A replay the memo writes itself: as it is where the compression step would send it so
 * (no Accept-Encoding, below its threshold, or no encoding chosen), gzip from the kept
 * deflate (gzip-member.ts) where it would choose gzip. HEAD and br go through Koa's
 * response step and the compression step (@ira/core/http).
 */
function directEncoding(ctx: Context, bytes: number): 'identity' | 'gzip' | null {
  if (ctx.method !== 'GET') return null;
  if (ctx.req.headers['accept-encoding'] === undefined || bytes < COMPRESS_THRESHOLD_BYTES) return 'identity';
  const chosen = chosenEncoding(ctx);
  if (chosen === null) return 'identity';
  return chosen === 'gzip' ? 'gzip' : null;
}

/**
 * Writes the body's parts straight to the socket, in one corked write and without
 * copying: Koa's response step (body checks, compression) has nothing to add then.
 * The head goes in one writeHead call with the headers the steps before added (request
 * id, RateLimit, validators, Vary: response-headers.ts).
 */
function writeDirect(ctx: Context, parts: readonly Buffer[], contentEncoding?: 'gzip'): void {
  ctx.respond = false;
  const res = ctx.res;
  const length = String(parts.reduce((sum, part) => sum + part.length, 0));
  const encoding = contentEncoding === undefined ? [] : ['Content-Encoding', contentEncoding];
  writeHeadNow(res, 200, ['Content-Type', JSON_TYPE, ...encoding, 'Content-Length', length]);
  res.cork();
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts.at(-1));
  res.uncork();
}

/** gzip from the deflated bytes; without them, the bytes and tail for Koa's response step (and compression). */
function sendDeflated(ctx: Context, answer: Answer, deflated: DeflatedBytes | null, tail: Buffer): void {
  if (deflated !== null) return writeDirect(ctx, gzipBody(deflated, tail), 'gzip');
  sendJsonBytes(ctx, Buffer.concat([answer.prefix, tail]));
}

/** Time spent remaking answers in the current window, and whether more is allowed. */
function remakeShare({ windowMs, budgetMs }: RemakeShare) {
  let windowStart = Number.NEGATIVE_INFINITY;
  let spentMs = 0;
  return {
    allows(): boolean {
      const now = performance.now();
      if (now - windowStart >= windowMs) {
        windowStart = now;
        spentMs = 0;
      }
      return spentMs < budgetMs;
    },
    spend(ms: number): void {
      spentMs += ms;
    },
  };
}

export function contentMemo(options: ContentMemoOptions): Middleware {
  const answers = new LRUCache<string, Answer>({
    maxSize: options.maxBytes ?? CONTENT_MEMO_MAX_BYTES,
    sizeCalculation: (answer) =>
      answer.prefix.buffer.byteLength + (answer.deflated?.deflated.length ?? 0) + ENTRY_OVERHEAD_BYTES,
  });
  const seenBefore = seenFilter(SEEN_FILTER_BITS);
  const remaking = remakeShare(options.remaking ?? { windowMs: REMAKE_WINDOW_MS, budgetMs: REMAKE_BUDGET_MS });

  /**
   * The answer's bytes deflated once for gzip replays (gzip-member.ts), made on the thread
   * pool at the first such replay; the replays that come meanwhile wait for them (each
   * compressing a whole Al-Baqarah itself was ~30 ms of work apiece). null if it failed.
   */
  function deflatedOf(key: string, answer: Answer): DeflatedBytes | null | Promise<DeflatedBytes | null> {
    if (answer.deflated !== undefined) return answer.deflated;
    answer.deflating ??= deflateOnce(answer.prefix).then(
      (deflated) => {
        answer.deflated = deflated;
        // Counted from now on, if the answer is still the one kept: lru-cache sizes an entry
        // again only when its value changes, so it is taken out and put back.
        if (answers.peek(key) === answer) {
          answers.delete(key);
          answers.set(key, answer);
        }
        return deflated;
      },
      (error: unknown) => {
        console.error(
          'content memo: deflating a kept answer failed; its gzip replays are compressed per request',
          error,
        );
        answer.deflated = null;
        return null;
      },
    );
    return answer.deflating;
  }

  /** The answer's validators, asked for once per second it is replayed in. */
  function validatorsOf(answer: Answer, nowMs: number): ContentValidators {
    const second = Math.floor(nowMs / 1000);
    if (answer.validators === null || answer.validatorsSecond !== second) {
      answer.validators = options.validators(answer.path, answer.params, answer.hasLinks, nowMs);
      answer.validatorsSecond = second;
    }
    return answer.validators;
  }

  function replay(ctx: Context, key: string, answer: Answer, nowMs: number): void | Promise<void> {
    applyValidators(ctx, validatorsOf(answer, nowMs));
    if (ctx.status === 304) return;
    const tail = envelopeTail(answer.apiInfoJson, ctx.state.rateLimit as RateLimitInfo | undefined);
    const encoding = directEncoding(ctx, answer.prefix.length + tail.length);
    if (encoding === 'identity') return writeDirect(ctx, [answer.prefix, tail]);
    const deflated = encoding === 'gzip' && tail.length <= MAX_STORED_BYTES ? deflatedOf(key, answer) : null;
    if (deflated instanceof Promise) return deflated.then((ready) => sendDeflated(ctx, answer, ready, tail));
    sendDeflated(ctx, answer, deflated, tail);
  }

  return async function contentMemoMiddleware(ctx, next) {
    const path = ctx.path;
    if (!CONTENT_PATH.test(path) || RANDOM_PATH.test(path)) return next();
    const params = contentParams(ctx);
    const key = params === '' ? path : `${path}?${params}`;
    const nowMs = Date.now();
    const { links } = options;
    const generation = options.mediaGeneration();
    // An answer made before the media catalog last found other files is made again.
    const kept = answers.get(key);
    const known = kept?.generation === generation ? kept : undefined;
    if (known !== undefined) {
      const currentMs = links.issuedAt(nowMs, known.phaseMs);
      if (known.issuedMs === currentMs) return replay(ctx, key, known, nowMs);
      // Today's Name is never replayed past its step: the step may have crossed midnight.
      if (known.issuedMs >= currentMs - links.graceMs && !TODAY_PATH.test(path) && !remaking.allows())
        return replay(ctx, key, known, nowMs);
    }
    const hashes = keyHashes(key);
    const phaseMs = phaseOf(path, hashes[0], links.stepMs);
    const issuedMs = links.issuedAt(nowMs, phaseMs);
    ctx.state.linksIssuedMs = issuedMs;
    const readBefore = seenBefore(hashes, Math.floor(nowMs / links.stepMs));
    const remakeStart = known === undefined ? null : performance.now();
    await next();
    if (remakeStart !== null) remaking.spend(performance.now() - remakeStart);
    if (!readBefore) return;
    const sent = ctx.state.sentEnvelope as SentEnvelope | undefined;
    // Only whole 200 answers (a 304 sent no bytes to keep).
    if (ctx.status !== 200 || sent === undefined) return;
    const answer: Answer = {
      ...sent,
      prefix: ownedCopy(sent.prefix),
      path,
      params,
      hasLinks: bodyHasLinks(ctx.body),
      issuedMs,
      phaseMs,
      generation,
      validators: null,
      validatorsSecond: 0,
    };
    answers.set(key, answer);
    // The read that keeps an answer goes as its replays will: gzip from the one deflate, made
    // on the thread pool, rather than compressed first by the compression step on the event
    // loop and deflated again at the first replay (a mushaf page at each turn of its step).
    const body = ctx.body;
    if (!Buffer.isBuffer(body) || directEncoding(ctx, body.length) !== 'gzip') return;
    const tail = body.subarray(sent.prefix.length);
    if (tail.length <= MAX_STORED_BYTES) sendDeflated(ctx, answer, await deflatedOf(key, answer), tail);
  };
}
