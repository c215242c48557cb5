// Signed links are made on every content response (up to 13 reciters × 300 verses). A
// link is issued at the start of its step (a divisor of a minute, at most a 60th of
// MEDIA_EXPIRED_TIME, docs/api-decisions.md "Signed audio"), so every link made within
// one step is byte-identical: it is reused instead of another HMAC, and so are whole
// answers carrying it (http-cache/content-memo.ts).
import { LRUCache } from 'lru-cache';
import { signedUrl, type Signer } from './signing.ts';

// Links of a few busy surahs; each entry is ~250 bytes. Verses' link arrays and whole
// answers are kept for the step too (audio-links.ts, http-cache/content-memo.ts).
const SIGNED_URL_CACHE_MAX_ENTRIES = 20_000;
// Divisors of a minute (so steps never straddle a minute, hour or UTC day).
const STEP_CHOICES_S = [60, 30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1];
// A link lives at least this share of MEDIA_EXPIRED_TIME: its lifetime less one step.
const LIFETIME_PER_STEP = 60;

/** The issuing step for a link lifetime: the longest divisor of a minute within a 60th of it. */
export function linkStepS(lifetimeS: number): number {
  return STEP_CHOICES_S.find((step) => step * LIFETIME_PER_STEP <= lifetimeS) ?? 1;
}

export interface UrlSigner {
  readonly signer: Signer;
  /** The signed URL of `path` as issued in the step `nowMs` falls in. */
  url(path: string, nowMs: number): string;
  /** The number of the step `nowMs` falls in: links (and answers) of one step are identical. */
  step(nowMs: number): number;
}

export function createUrlSigner(signer: Signer): UrlSigner {
  const stepMs = linkStepS(signer.lifetimeS) * 1000;
  const cache = new LRUCache<string, { step: number; url: string }>({ max: SIGNED_URL_CACHE_MAX_ENTRIES });
  const step = (nowMs: number): number => Math.floor(nowMs / stepMs);
  return {
    signer,
    step,
    url(path, nowMs) {
      const current = step(nowMs);
      const hit = cache.get(path);
      if (hit !== undefined && hit.step === current) return hit.url;
      const url = signedUrl(signer, path, current * stepMs);
      cache.set(path, { step: current, url });
      return url;
    },
  };
}
