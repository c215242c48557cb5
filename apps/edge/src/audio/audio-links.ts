// Signed audio links as they appear in response bodies: a name's `audio` string and a
// verse's `audio` array of `{ reciter: { id, name, language }, url }`. Nothing is cached per
// link or verse: each answer issues its links at a moment of its own (url-signer.ts), so a
// verse's links in one answer are not another's; the content memo keeps whole answers.
import type { Reciter } from '../quran/quran-content.ts';
import type { MediaCatalog } from './media-catalog.ts';
import type { UrlSigner } from './url-signer.ts';

export const AUDIO_PATH_PREFIX = '/api/v1/audio';

export function nameAudioPath(number: number): string {
  return `${AUDIO_PATH_PREFIX}/asma-ul-husna/${String(number).padStart(2, '0')}.mp3`;
}

export function verseAudioPath(reciterId: string, verseId: string): string {
  return `${AUDIO_PATH_PREFIX}/quran/${reciterId}/${verseId}.mp3`;
}

export interface VerseAudio {
  /** Signs the links; the content response says when an answer issues them. */
  readonly signer: UrlSigner;
  /** The verse's audio array as JSON bytes, for every reciter or the one given, its links issued at `issuedMs`. */
  json(reciters: readonly Reciter[], verseId: string, issuedMs: number): Buffer;
}

/** Remote reciters cover every verse; a local one only the files that exist. */
export function covers(reciter: Reciter, verseId: string, media: MediaCatalog): boolean {
  return reciter.source.type === 'remote' || media.hasVerse(reciter.source.dir, verseId);
}

export function createVerseAudio(all: readonly Reciter[], signer: UrlSigner, media: MediaCatalog): VerseAudio {
  const prefixes = new Map(
    all.map((r) => [r.id, `{"reciter":${JSON.stringify({ id: r.id, name: r.name, language: r.language })},"url":`]),
  );
  return {
    signer,
    json(reciters, verseId, issuedMs) {
      const items: string[] = [];
      for (const reciter of reciters) {
        if (!covers(reciter, verseId, media)) continue;
        const url = signer.url(verseAudioPath(reciter.id, verseId), issuedMs);
        items.push(`${prefixes.get(reciter.id)}${JSON.stringify(url)}}`);
      }
      return Buffer.from(`[${items.join(',')}]`);
    },
  };
}
