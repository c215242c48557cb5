// /api/v1/audio/…: signed audio (docs/api-decisions.md "Signed audio"). No API key: the
// signature is the credential. Order per request, Range requests included:
// path shape → signature (constant time) → expiry → the file: from MEDIA_DIR, else for a
// remote reciter from the audio proxy's cache or upstream (AUDIO_MODE=proxy) or a 302 to
// the upstream (redirect). Nothing reaches the upstream before the signature has passed.
import type { Middleware } from 'koa';
import { httpError, type ApiError } from '@ira/core/contract/errors';
import { annotate } from '@ira/core/runtime/observe/annotations';
import { AUDIO_PATH_PREFIX } from './audio-links.ts';
import type { AudioProxy } from './audio-proxy.ts';
import { NAMES_MEDIA_DIR, QURAN_MEDIA_DIR, type MediaCatalog } from './media-catalog.ts';
import { createMediaFiles } from './media-file.ts';
import { upstreamBases } from './reciter-upstream.ts';
import { sendMedia } from './send-media.ts';
import { createSignatureCheck, parseRawQuery } from './signing.ts';
import type { QuranContent } from '../quran/quran-content.ts';
import { parseVerseId } from '../quran/params.ts';

// Matched against the raw (undecoded) path: any %-escape, dot segment or
// backslash fails the shape and never reaches the file system.
const NAME_PATH = /^\/api\/v1\/audio\/asma-ul-husna\/(\d{2})\.mp3$/;
const VERSE_PATH = /^\/api\/v1\/audio\/quran\/([a-z0-9]+(?:-[a-z0-9]+)*)\/(\d{6})\.mp3$/;
const AUDIO_TYPE = 'audio/mpeg';
/** The route pattern in the access log and metrics. */
const AUDIO_ROUTE = `${AUDIO_PATH_PREFIX}/*path`;

export interface AudioRouteDeps {
  secret: string;
  mediaDir: string | null;
  quran: Pick<QuranContent, 'reciters' | 'index'>;
  nameCount: number;
  /** Which verse files MEDIA_DIR holds: a remote reciter's files there (the mirror command's) are served as is. */
  media: Pick<MediaCatalog, 'hasVerse'>;
  /** AUDIO_UPSTREAM_URL. */
  upstreamUrl: string;
  /** The proxy when AUDIO_MODE=proxy; null redirects remote reciters to their upstream. */
  proxy: AudioProxy | null;
}

type Target =
  | { kind: 'file'; relativePath: string }
  | { kind: 'redirect'; url: string }
  | { kind: 'upstream'; proxy: AudioProxy; key: string; url: string };

export function createAudioRoute(deps: AudioRouteDeps): Middleware {
  const openFile = deps.mediaDir === null ? null : createMediaFiles(deps.mediaDir);
  const bases = upstreamBases(deps.quran.reciters, deps.upstreamUrl);
  const checkSignature = createSignatureCheck(deps.secret);
  return async function audioRoute(ctx, next) {
    if (!ctx.path.startsWith(`${AUDIO_PATH_PREFIX}/`)) return next();
    // Other methods fall through to readOnlyMethods' 405.
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    annotate(ctx.res, { route: AUDIO_ROUTE });
    const query = parseRawQuery(ctx.querystring);
    const resolve = targetResolver(ctx.path, deps, bases);
    if (resolve === null) throw noAudio();
    const verdict = checkSignature(ctx.path, query, Date.now());
    if (verdict === 'invalid') throw httpError(403, 'Invalid audio signature.');
    if (verdict === 'expired') throw httpError(403, 'Audio link has expired.');
    const secondsLeft = Number(query.get('expires')![0]) - Math.floor(Date.now() / 1000);
    const cacheControl = `private, max-age=${secondsLeft}`;
    const target = resolve();
    if (target === null) throw noAudio();
    if (target.kind === 'redirect') {
      ctx.status = 302;
      ctx.set('Cache-Control', cacheControl);
      ctx.set('Location', target.url);
      ctx.body = { success: true, location: target.url };
      return;
    }
    if (target.kind === 'upstream') return target.proxy.serve(ctx, target.key, target.url, cacheControl);
    const file = openFile === null ? null : await openFile(target.relativePath);
    if (file === null) throw noAudio();
    await sendMedia(ctx, file, AUDIO_TYPE, cacheControl);
  };
}

/** Resolves the path's shape now; the target itself only after the signature passed. */
function targetResolver(
  path: string,
  deps: AudioRouteDeps,
  bases: ReadonlyMap<string, string>,
): (() => Target | null) | null {
  const name = NAME_PATH.exec(path);
  if (name !== null) {
    const number = Number(name[1]);
    return () =>
      number >= 1 && number <= deps.nameCount
        ? { kind: 'file', relativePath: `${NAMES_MEDIA_DIR}/${name[1]}.mp3` }
        : null;
  }
  const verse = VERSE_PATH.exec(path);
  if (verse === null) return null;
  const [, reciterId, verseId] = verse as unknown as [string, string, string];
  return () => {
    const reciter = deps.quran.reciters.find((r) => r.id === reciterId);
    if (reciter === undefined || 'error' in parseVerseId(verseId, deps.quran.index)) return null;
    const dir = reciter.source.type === 'local' ? reciter.source.dir : reciter.id;
    const relativePath = `${QURAN_MEDIA_DIR}/${dir}/${verseId}.mp3`;
    if (reciter.source.type === 'local' || deps.media.hasVerse(dir, verseId)) return { kind: 'file', relativePath };
    const url = `${bases.get(reciter.id)}${verseId}.mp3`;
    const proxy = deps.proxy;
    return proxy === null ? { kind: 'redirect', url } : { kind: 'upstream', proxy, key: relativePath, url };
  };
}

/** no-store: a file not there yet may be added, so the 404 must not be kept for the link's lifetime. */
function noAudio(): ApiError {
  return httpError(404, 'No audio file at this address.', {}, { 'Cache-Control': 'no-store' });
}
