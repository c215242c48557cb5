// Everything the edge opens at start (content tree, media listing, signing
// secret, calc forwarder, key store and Redis) and the one close for all of it:
// the one wiring used by the server, the edge's test harness and the portal's test stack.
import type { Config } from '@ira/core/runtime/config';
import { openServiceDeps } from '@ira/core/runtime/service-deps';
import type Koa from 'koa';
import { createApp, type EdgeDeps } from './app.ts';
import { openAudioProxy } from './audio/audio-proxy.ts';
import { openMediaCatalog } from './audio/media-catalog.ts';
import { loadSigningSecret } from './audio/secret.ts';
import { createUrlSigner } from './audio/url-signer.ts';
import { loadNames, type NamesContent } from './names/names-content.ts';
import { loadQuran, type QuranContent } from './quran/quran-content.ts';
import { openContentSource } from '@ira/core/runtime/content-source';
import { createCalcForward } from './forward/calc-forward.ts';

export interface EdgeContent {
  names: NamesContent;
  quran: QuranContent;
  /** Where the tree was read from, for start-up messages. */
  location: string;
}

export interface OpenedEdge {
  app: Koa;
  deps: EdgeDeps;
  location: string;
  close(): Promise<void>;
}

/** The content tree, read and verified once (tests share one load across apps). */
export async function loadEdgeContent(config: Config): Promise<EdgeContent> {
  const source = await openContentSource(config);
  const [names, quran] = await Promise.all([loadNames(source), loadQuran(source)]);
  return { names, quran, location: source.location };
}

/** Everything the edge opens at start, and how to close it again; `content` reuses a loaded tree. */
export async function openEdge(config: Config, content?: EdgeContent): Promise<OpenedEdge> {
  const [{ names, quran, location }, secret] = await Promise.all([
    content ?? loadEdgeContent(config),
    loadSigningSecret(config),
  ]);
  // A remote reciter's files may be in MEDIA_DIR too, under its id (npm run audio -- mirror --to media).
  const mediaDirs = quran.reciters.map((r) => (r.source.type === 'local' ? r.source.dir : r.id));
  const media = await openMediaCatalog(config.mediaDir, mediaDirs);
  const audio = config.audioMode === 'proxy' ? await openAudioProxy(config) : null;
  const signer = createUrlSigner({ secret, origin: config.mediaOrigin, lifetimeS: config.mediaExpiredTimeS });
  const calc = createCalcForward(config.calcUrl);
  const service = await openServiceDeps(config);
  const deps: EdgeDeps = { service, names, quran, media, audio, signer, calc };
  const close = async () => {
    media.close();
    await audio?.close();
    calc.close();
    await service.close();
  };
  return { app: createApp(config, deps), deps, location, close };
}
