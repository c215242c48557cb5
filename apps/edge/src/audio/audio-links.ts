// Signed audio links as they appear in response bodies: a name's `audio` string
// and a verse's `audio` array of `{ reciter: { id, name, language }, url }`.
import { LRUCache } from 'lru-cache';
import type { Reciter } from '../content/quran-content.ts';
import type { MediaCatalog } from './media-catalog.ts';
import type { UrlSigner } from './url-signer.ts';

export const AUDIO_PATH_PREFIX = '/api/v1/audio';
// A page of 20 verses × 14 reciters is 280 links; the serialised array of a verse
// is reused while its links are the ones issued (url-signer.ts). Enough for
// the verses of several reads at once (a read has at most 300); whole answers are kept
// by the content memo, so a larger cache only held the same links twice (~3.5 KB each).
const VERSE_AUDIO_CACHE_MAX_ENTRIES = 2_000;

export function nameAudioPath(number: number): string {
  return `${AUDIO_PATH_PREFIX}/asma-ul-husna/${String(number).padStart(2, '0')}.mp3`;
}

export function verseAudioPath(reciterId: string, verseId: string): string {
  return `${AUDIO_PATH_PREFIX}/quran/${reciterId}/${verseId}.mp3`;
}

export interface VerseAudio {
  /** Signs the links; linksIssuedAt(ctx, signer) says when an answer issues them. */
  readonly signer: UrlSigner;
  /** The verse's audio array as JSON bytes, for every reciter or the one given, its links issued at `issuedMs`. */
  json(reciters: readonly Reciter[], verseId: string, issuedMs: number): Buffer;
}

/** Remote reciters cover every verse; a local one only the files that exist. */
export function covers(reciter: Reciter, verseId: string, media: MediaCatalog): boolean {
  return reciter.source.type === 'remote' || media.hasVerse(reciter.source.dir, verseId);
}

/**
 * The string's UTF-8 bytes in a buffer of their own. Buffer.from puts small strings in
 * slices of a shared 8 KB pool, and a kept slice keeps its whole slab alive: the cache's
 * 2 000 kept arrays of ~3.5 KB would hold ~16 MB of slabs for ~7 MB of links.
 */
function ownedBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

export function createVerseAudio(all: readonly Reciter[], signer: UrlSigner, media: MediaCatalog): VerseAudio {
  const prefixes = new Map(all.map((r) => [r.id, `{"reciter":${JSON.stringify({ id: r.id, name: r.name, language: r.language })},"url":`]));
  const cache = new LRUCache<string, { issuedMs: number; bytes: Buffer }>({ max: VERSE_AUDIO_CACHE_MAX_ENTRIES });

  function build(reciters: readonly Reciter[], verseId: string, issuedMs: number): Buffer {
    const items: string[] = [];
    for (const reciter of reciters) {
      if (!covers(reciter, verseId, media)) continue;
      const url = signer.url(verseAudioPath(reciter.id, verseId), issuedMs);
      items.push(`${prefixes.get(reciter.id)}${JSON.stringify(url)}}`);
    }
    return ownedBytes(`[${items.join(',')}]`);
  }

  return {
    signer,
    json(reciters, verseId, issuedMs) {
      // Every reciter is "*"; a chosen set is its ids in catalog order (bounded by the LRU).
      const key = `${reciters.length === all.length ? '*' : reciters.map((r) => r.id).join(',')}|${verseId}`;
      const hit = cache.get(key);
      if (hit !== undefined && hit.issuedMs === issuedMs) return hit.bytes;
      const bytes = build(reciters, verseId, issuedMs);
      cache.set(key, { issuedMs, bytes });
      return bytes;
    },
  };
}
