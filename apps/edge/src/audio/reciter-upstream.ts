// Where a remote reciter's files are fetched from (AUDIO_MODE=proxy) or redirected to
// (redirect): the catalogue's base URL, its public upstream (DEFAULT_AUDIO_UPSTREAM_URL)
// replaced by AUDIO_UPSTREAM_URL, so an operator can point every reciter at a mirror or
// CDN origin with the same tree. A reciter hosted elsewhere keeps its own base URL.
import { DEFAULT_AUDIO_UPSTREAM_URL } from '@ira/core/runtime/config';
import type { Reciter } from '../quran/quran-content.ts';

/** The upstream base URL (ending in /) of each remote reciter, by id. */
export function upstreamBases(reciters: readonly Reciter[], upstreamUrl: string): Map<string, string> {
  const bases = new Map<string, string>();
  const catalogue = `${DEFAULT_AUDIO_UPSTREAM_URL}/`;
  for (const reciter of reciters) {
    if (reciter.source.type !== 'remote') continue;
    const base = reciter.source.base_url;
    bases.set(reciter.id, base.startsWith(catalogue) ? `${upstreamUrl}/${base.slice(catalogue.length)}` : base);
  }
  return bases;
}
