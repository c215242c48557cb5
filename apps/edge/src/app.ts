// The edge: a key-checking proxy serving the 99 Names, the Quran and signed audio
// from the precomputed content tree, and forwarding calculations to calc.
import Koa from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { createErrorHandler } from '@ira/core/contract/errors';
import { annotateRequest } from '@ira/core/runtime/observe/annotations';
import { useQueryParser } from '@ira/core/runtime/query';
import { collectHeaders } from '@ira/core/runtime/response-headers';
import { createGuard } from '@ira/core/runtime/guard';
import {
  bySection,
  clientOrigin,
  compression,
  cors,
  healthz,
  notFoundFallback,
  readOnlyMethods,
  readyz,
  requestId,
} from '@ira/core/runtime/http';
import { routersByPath } from '@ira/core/runtime/routers-by-path';
import type { ServiceDeps } from '@ira/core/runtime/service-deps';
import { createVerseAudio } from './audio/audio-links.ts';
import type { MediaCatalog } from './audio/media-catalog.ts';
import type { UrlSigner } from './audio/url-signer.ts';
import type { NamesContent } from './names/names-content.ts';
import type { QuranContent } from './quran/quran-content.ts';
import { contentCache, createContentValidators } from './content-response/validators.ts';
import { contentMemo } from './content-response/memo.ts';
import { createAudioRoute } from './audio/audio-route.ts';
import type { CalcForward } from './forward/calc-forward.ts';
import { createNamesRouter } from './names/names-routes.ts';
import { openapiRoute } from './openapi-route.ts';
import { createQuranRouter } from './quran/quran-routes.ts';
import { createQuranReadsRouter } from './quran/reads-routes.ts';
import { createQuranSearchRouter } from './quran/search/search-route.ts';

export interface EdgeDeps {
  service: Pick<ServiceDeps, 'store' | 'redis' | 'usage'>;
  names: NamesContent;
  quran: QuranContent;
  media: MediaCatalog;
  signer: UrlSigner;
  calc: CalcForward;
}

export function createApp(config: Config, deps: EdgeDeps): Koa {
  const app = new Koa();
  useQueryParser(app); // ctx.query by node:querystring, a third of Koa's parse
  const names = createNamesRouter(config, { names: deps.names, media: deps.media, signer: deps.signer });
  const verseAudio = createVerseAudio(deps.quran.reciters, deps.signer, deps.media);
  const quran = createQuranRouter(config, { quran: deps.quran, audio: verseAudio, media: deps.media });
  const quranReads = createQuranReadsRouter(config, { quran: deps.quran, audio: verseAudio });
  const quranSearch = createQuranSearchRouter(config, { quran: deps.quran });
  const validators = createContentValidators({
    treeVersion: deps.quran.treeVersion,
    linkLifetimeS: config.mediaExpiredTimeS,
  });
  const audio = createAudioRoute({
    secret: deps.signer.signer.secret,
    mediaDir: config.mediaDir,
    quran: deps.quran,
    nameCount: deps.names.records.length,
  });

  app.use(collectHeaders()); // headers the steps add are written with the head in one call
  app.use(requestId()); // every response carries X-Request-Id, errors too
  app.use(annotateRequest()); // route pattern, client and key display start for the access log and metrics
  app.use(createErrorHandler()); // the one place error bodies are written
  app.use(clientOrigin(config.trustProxy)); // client address and protocol, through TRUST_PROXY only
  app.use(cors(config.corsOrigins)); // only for CORS_ORIGINS; none by default
  app.use(compression()); // br/gzip for JSON bodies worth it
  app.use(
    bySection({
      '/healthz': healthz(), // the process lives
      '/readyz': readyz(deps.service), // the key store and Redis answer
      '/api/v1/openapi.json': openapiRoute(config.publicUrl), // servers = PUBLIC_URL
      '/api/v1/audio': audio, // signed audio: the signature is the credential
      // calculations go to calc, which checks keys itself
      '/api/v1/prayer-time': deps.calc.middleware,
      '/api/v1/qibla': deps.calc.middleware,
      '/api/v1/hijri': deps.calc.middleware,
    }),
  ); // the answers that take no key here, found by path section in one step
  app.use(readOnlyMethods()); // 405 with Allow for anything but GET/HEAD
  app.use(createGuard({ category: 'general', config, deps: deps.service })); // 401 / 429 / rateLimit
  app.use(contentMemo({ validators, links: deps.signer, mediaGeneration: () => deps.media.generation })); // an identical content read in the same link step: its bytes again, fresh tail and validators
  app.use(contentCache(validators)); // ETag, 304, Cache-Control, Vary
  // /api/v1/asma-ul-husna…; /api/v1/quran…; /api/v1/quran/verses, juz, hizb, rub, page, ruku,
  // manzil, sajda; /api/v1/quran/search: only the router with a route under the path is tried
  app.use(routersByPath([names, quran, quranReads, quranSearch]));
  app.use(notFoundFallback()); // JSON 404 for anything no route answered
  return app;
}
