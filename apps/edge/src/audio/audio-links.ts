// Signed audio links as they appear in response bodies: a name's `audio` string
// and a verse's `audio` array of `{ reciter: { id, name, language }, url }`.
import type { Reciter } from '../content/quran-content.ts';
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
  /** `{"reciter":{…},"url":"` per reciter, serialised once. */
  prefixes: ReadonlyMap<string, string>;
  signer: UrlSigner;
  media: MediaCatalog;
}

export function createVerseAudio(reciters: readonly Reciter[], signer: UrlSigner, media: MediaCatalog): VerseAudio {
  const prefixes = new Map(
    reciters.map((r) => [r.id, `{"reciter":${JSON.stringify({ id: r.id, name: r.name, language: r.language })},"url":`]),
  );
  return { prefixes, signer, media };
}

/** Remote reciters cover every verse; a local one only the files that exist. */
export function covers(reciter: Reciter, verseId: string, media: MediaCatalog): boolean {
  return reciter.source.type === 'remote' || media.hasVerse(reciter.source.dir, verseId);
}

/** The JSON array of the verse's audio links for `reciters`. */
export function verseAudioJson(audio: VerseAudio, reciters: readonly Reciter[], verseId: string, nowMs: number): string {
  const items: string[] = [];
  for (const reciter of reciters) {
    if (!covers(reciter, verseId, audio.media)) continue;
    const url = audio.signer.url(verseAudioPath(reciter.id, verseId), nowMs);
    items.push(`${audio.prefixes.get(reciter.id)}${JSON.stringify(url)}}`);
  }
  return `[${items.join(',')}]`;
}
