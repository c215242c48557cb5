// The edge: a key-checking proxy serving the 99 Names, the Quran and signed audio from the
// precomputed content tree, and forwarding calc's endpoints to calc.
import Router, { type RouterMiddleware } from '@koa/router';
import Koa from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { createGuard } from '@ira/core/runtime/guard';
import { addHealthRoutes } from '@ira/core/runtime/health-routes';
import { clientOrigin } from '@ira/core/runtime/middleware/client-origin';
import { compression } from '@ira/core/runtime/middleware/compression';
import { cors } from '@ira/core/runtime/middleware/cors';
import { createErrorHandler } from '@ira/core/runtime/middleware/error-handler';
import { notFoundFallback } from '@ira/core/runtime/middleware/not-found';
import { readOnlyMethods } from '@ira/core/runtime/middleware/read-only-methods';
import { requestId } from '@ira/core/runtime/middleware/request-id';
import { annotateRequest } from '@ira/core/runtime/observe/annotations';
import { collectHeaders } from '@ira/core/runtime/response-head';
import { logAppErrors } from '@ira/core/runtime/observe/app-errors';
import { endpointById } from '@ira/core/contract/openapi/endpoint-table';
import { routeEndpoints } from '@ira/core/runtime/route-table';
import type { Category } from '@ira/core/contract/openapi/operation';
import type { Endpoint } from '@ira/core/contract/openapi/endpoint-table';
import type { ServiceDeps } from '@ira/core/runtime/service-deps';
import { API_INDEX_PATH, apiIndexRoute } from './api-index-route.ts';
import { createVerseAudio } from './audio/audio-links.ts';
import type { AudioProxy } from './audio/audio-proxy.ts';
import type { MediaCatalog } from './audio/media-catalog.ts';
import { createAudioRoute } from './audio/audio-route.ts';
import type { UrlSigner } from './audio/url-signer.ts';
import { createContentResponder } from './content-response/respond.ts';
import type { CalcForward } from './forward/calc-forward.ts';
import { forwardCalcEndpoints } from './forward/forward-step.ts';
import type { NamesContent } from './names/names-content.ts';
import { createNamesRoutes } from './names/names-routes.ts';
import { OPENAPI_PATH, openapiRoute } from './openapi-route.ts';
import type { QuranContent } from './quran/quran-content.ts';
import { createQuranRoutes } from './quran/quran-routes.ts';
import { createQuranReadsRoutes } from './quran/reads-routes.ts';
import { createQuranSearchRoutes } from './quran/search/search-route.ts';

export interface EdgeDeps {
  service: Pick<ServiceDeps, 'store' | 'redis' | 'usage'>;
  names: NamesContent;
  quran: QuranContent;
  media: MediaCatalog;
  /** AUDIO_MODE=proxy; null when remote reciters are redirected. */
  audio: AudioProxy | null;
  signer: UrlSigner;
  calc: CalcForward;
}

/** The edge's routes: those without a key, the endpoint table's behind the guard, and what comes before them. */
function createRoutes(
  config: Config,
  deps: EdgeDeps,
): {
  keyless: Router;
  guard: Koa.Middleware;
  router: Router;
  replay: Koa.Middleware;
  audio: Koa.Middleware;
  forward: Koa.Middleware;
} {
  const verseAudio = createVerseAudio(deps.quran.reciters, deps.signer, deps.media);
  // By the endpoint table's operationId (packages/core/src/contract/openapi).
  const content = {
    ...createNamesRoutes({ names: deps.names, media: deps.media, signer: deps.signer }),
    ...createQuranRoutes({ quran: deps.quran, audio: verseAudio, media: deps.media }),
    ...createQuranReadsRoutes({ quran: deps.quran, audio: verseAudio }),
    ...createQuranSearchRoutes({ quran: deps.quran }),
  };
  const responder = createContentResponder({
    treeVersion: deps.quran.treeVersion,
    links: deps.signer,
    linkLifetimeS: config.mediaExpiredTimeS,
    mediaGeneration: () => deps.media.generation,
    docsUrl: `${config.portalUrl}/docs`,
  });
  const handlers = Object.fromEntries(
    Object.entries(content).map(([id, endpoint]) => {
      const { usage, routePath } = endpointById(id);
      return [id, responder.route({ usage, routePath, endpoint })];
    }),
  );
  const audio = createAudioRoute({
    secret: deps.signer.signer.secret,
    mediaDir: config.mediaDir,
    quran: deps.quran,
    nameCount: deps.names.records.length,
    media: deps.media,
    upstreamUrl: config.audioUpstreamUrl,
    proxy: deps.audio,
  });

  const keyless = addHealthRoutes(new Router(), deps.service);
  keyless.get(OPENAPI_PATH, openapiRoute(config.publicUrl)); // servers = PUBLIC_URL
  keyless.get(API_INDEX_PATH, apiIndexRoute(config)); // every endpoint and the docs' links (also /api/v1/)
  // Every content endpoint, after the guard: the content response.
  const router = routeEndpoints(new Router(), { service: 'edge', handlers, before: guardedBefore });
  return {
    keyless,
    guard: createGuard({ category: 'general', config, deps: deps.service }),
    router,
    replay: responder.replay,
    audio,
    forward: forwardCalcEndpoints(deps.calc.middleware),
  };
}

/** The edge guards every keyed read as `general` before routing it: an endpoint of another category needs its own. */
function guardedBefore(category: Category, endpoint: Endpoint): [] {
  if (category !== 'general') throw new Error(`edge: ${endpoint.operationId} is ${category}, the edge guards general`);
  return [];
}

/**
 * `router`, entered only by a path one of its routes matches: every keyed read passes the keyless
 * routes, and a router that matches nothing still emits its not-found event (callgrind, names-one
 * and quran-verse: 3-5% of an answer's instructions).
 */
function ownPathsOnly(router: Router): RouterMiddleware {
  const routes = router.routes();
  return (ctx, next) => (router.stack.some((layer) => layer.match(ctx.path)) ? routes(ctx, next) : next());
}

export function createApp(config: Config, deps: EdgeDeps): Koa {
  const { keyless, guard, router, replay, audio, forward } = createRoutes(config, deps);
  const app = new Koa();
  logAppErrors(app, 'edge'); // errors after an answer began: one JSON line, none for a client gone
  app.use(collectHeaders()); // the steps' headers go out with the answer's head, in one call
  app.use(requestId()); // every response carries X-Request-Id, errors too
  app.use(annotateRequest()); // route pattern, client and key display start for the access log and metrics
  app.use(createErrorHandler()); // the one place error bodies are written
  app.use(clientOrigin(config.trustProxy)); // client address and protocol, through TRUST_PROXY only
  app.use(cors(config.corsOrigins)); // only for CORS_ORIGINS; none by default
  app.use(readOnlyMethods()); // 405 with Allow for anything but GET/HEAD
  app.use(forward); // calc's endpoints, to calc: it checks keys, compresses and answers its 404s itself
  app.use(compression()); // gzip/br for JSON bodies worth it
  app.use(notFoundFallback()); // JSON 404 for anything no route answered
  // Signed audio (the signature is the credential), before the content steps: a player's
  // Range reads pass no key lookup or route match (bench: audio-range-64k).
  app.use(audio);
  app.use(ownPathsOnly(keyless)); // health, the OpenAPI document and the index take no key
  // Every other read is keyed: 401 and 429 before any routing, so a refused read costs no route
  // match (bench: 429-storm); an unknown path is a 404 once the key has passed.
  app.use(guard);
  app.use(replay); // a content answer kept for this link step: its bytes again
  app.use(router.routes()); // the endpoint table's content endpoints
  return app;
}
