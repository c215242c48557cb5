// The public reciter list of /quran/reciters: each catalog record without its `source`,
// plus `audio`, saying where the recordings come from and whether this deployment can
// serve them. A remote reciter's files come from its public origin, proxied and cached or
// redirected to (AUDIO_MODE); the origin is assumed complete and is named by the
// catalogue's host, never AUDIO_UPSTREAM_URL's (a private mirror stays private). A local
// reciter has only the files in MEDIA_DIR/quran/<dir>, re-listed by the media catalog, so a
// catalog entry with no recordings says `available: false` instead of promising audio no
// request can get.
import type { Reciter } from '../quran/quran-content.ts';
import type { MediaCatalog } from './media-catalog.ts';

export interface ReciterAudio {
  /** `remote`: from the origin (proxied or redirected); `local`: files under MEDIA_DIR. */
  source: 'remote' | 'local';
  /** Host of a remote origin, `null` for local files. */
  host: string | null;
  /** Verses this deployment can serve for the reciter. */
  verses: number;
  available: boolean;
}

export function reciterAudio(reciter: Reciter, media: MediaCatalog, totalVerses: number): ReciterAudio {
  if (reciter.source.type === 'remote') {
    return { source: 'remote', host: new URL(reciter.source.base_url).host, verses: totalVerses, available: true };
  }
  const verses = media.verseCount(reciter.source.dir);
  return { source: 'local', host: null, verses, available: verses > 0 };
}

/** The `data` of /quran/reciters as the media catalog lists the recordings now. */
export function reciterListJson(reciters: readonly Reciter[], media: MediaCatalog, totalVerses: number): Buffer {
  const records = reciters.map((reciter) => {
    const { source: _source, ...record } = reciter;
    return { ...record, audio: reciterAudio(reciter, media, totalVerses) };
  });
  return Buffer.from(JSON.stringify(records));
}

/**
 * reciterListJson, built again only when the media catalog's generation moves (a rescan
 * found other files). Built per request, it was ~20% of a /quran/reciters answer the
 * content memo could not replay (an origin parsed as a URL for every remote reciter).
 */
export function reciterListOf(reciters: readonly Reciter[], media: MediaCatalog, totalVerses: number): () => Buffer {
  let built: { generation: number; bytes: Buffer } | null = null;
  return () => {
    if (built?.generation !== media.generation)
      built = { generation: media.generation, bytes: reciterListJson(reciters, media, totalVerses) };
    return built.bytes;
  };
}
