// Signed links are made on every content response (up to 13 reciters × 300 verses).
// An expiry has a one-second resolution, so a link made earlier in the same second
// is byte-identical to a fresh one: reuse it instead of another HMAC.
import { LRUCache } from 'lru-cache';
import { signedUrl, type Signer } from './signing.ts';

// Enough for every link of a few busy surahs; each entry is ~250 bytes.
const SIGNED_URL_CACHE_MAX_ENTRIES = 20_000;

export interface UrlSigner {
  readonly signer: Signer;
  url(path: string, nowMs: number): string;
}

export function createUrlSigner(signer: Signer): UrlSigner {
  const cache = new LRUCache<string, { second: number; url: string }>({ max: SIGNED_URL_CACHE_MAX_ENTRIES });
  return {
    signer,
    url(path, nowMs) {
      const second = Math.floor(nowMs / 1000);
      const hit = cache.get(path);
      if (hit !== undefined && hit.second === second) return hit.url;
      const url = signedUrl(signer, path, second * 1000);
      cache.set(path, { second, url });
      return url;
    },
  };
}
