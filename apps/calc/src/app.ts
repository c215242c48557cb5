// The calculation service: prayer times and Qibla, behind the `calculation` limit.
import Koa from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { createErrorHandler } from '@ira/core/contract/errors';
import { annotateRequest } from '@ira/core/runtime/observe/annotations';
import { useQueryParser } from '@ira/core/runtime/query';
import { collectHeaders } from '@ira/core/runtime/response-headers';
import { routersByPath } from '@ira/core/runtime/routers-by-path';
import { createGuard, type GuardOptions } from '@ira/core/runtime/guard';
import {
  compression,
  cors,
  healthz,
  notFoundFallback,
  readOnlyMethods,
  readyz,
  requestId,
} from '@ira/core/runtime/http';
import type { ServiceDeps } from '@ira/core/runtime/service-deps';
import { forwardedClientAddress } from './client-address.ts';
import { createZoneLookup, ZONE_CACHE_MAX } from './places/time-zone.ts';
import { createCalendarIcsRouter } from './routes/calendar-ics.ts';
import { createCalendarRouter } from './routes/calendar.ts';
import { createHijriRouter } from './routes/hijri.ts';
import { createNextPrayerRouter } from './routes/next-prayer.ts';
import { createPrayerTimeRouter } from './routes/prayer-time.ts';
import { createQiblaRouter } from './routes/qibla.ts';

// Whole answers for the points asked again (a city's mosques, a refreshing app): ~1.8 KB
// of JSON each. 10 000 kept ~40 MB of strings alive, and V8 sizes the heap to the live
// set: answering distinct points for 12 s at 64 connections peaked at 509-539 MB RSS
// with 10 000 and 423-461 MB with 2 000, at the same req/s (2026-11-26).
export const RESULT_CACHE_MAX = 2_000;

export interface CalcAppOptions {
  /** Exact-point zone cache size; 0 = off. */
  zoneCacheMax?: number;
  /** Whole prayer-time results; 0 = off. */
  resultCacheMax?: number;
  /** Passed to the guard (tests use a fresh namespace per app). */
  guard?: Omit<GuardOptions, 'category' | 'config' | 'deps'>;
}

export function createApp(
  config: Config,
  deps: Pick<ServiceDeps, 'store' | 'redis' | 'usage'>,
  options: CalcAppOptions = {},
): Koa {
  const app = new Koa();
  useQueryParser(app); // ctx.query by node:querystring, a third of Koa's parse
  const zoneAt = createZoneLookup(options.zoneCacheMax ?? ZONE_CACHE_MAX);
  const routeOptions = { config, zoneAt, resultCacheMax: options.resultCacheMax ?? RESULT_CACHE_MAX };
  const routers = [
    createPrayerTimeRouter(routeOptions),
    createQiblaRouter({ config }),
    // The timetable family (docs guide "Calendars, Hijri dates and the next prayer").
    createCalendarRouter(routeOptions),
    createCalendarIcsRouter(routeOptions),
    createNextPrayerRouter(routeOptions),
    createHijriRouter({ config }),
  ];

  app.use(collectHeaders()); // headers the steps add are written with the head in one call (routes/send-json.ts)
  app.use(requestId()); // X-Request-Id on every response, first so errors carry it too
  app.use(annotateRequest()); // route pattern, client and key display start for the access log and metrics
  app.use(createErrorHandler()); // every error body is written here (ApiError or generic 500)
  app.use(cors(config.corsOrigins)); // only origins listed in CORS_ORIGINS; answers preflights
  app.use(compression()); // br/gzip for JSON bodies large enough to gain
  app.use(healthz()); // GET /healthz, no key: the process lives
  app.use(readyz(deps)); // GET /readyz, no key: the key store and Redis answer
  app.use(readOnlyMethods()); // 405 + Allow for anything but GET/HEAD
  app.use(forwardedClientAddress(config)); // the client's address behind the edge (CALC_TRUSTED_EDGES, TRUST_PROXY), for the 401 throttle
  app.use(createGuard({ category: 'calculation', config, deps, ...options.guard })); // 401, 429, rateLimit state
  app.use(routersByPath(routers)); // prayer-time, qibla and hijri: only the router with a route under the path is tried
  app.use(notFoundFallback()); // JSON 404 for anything no route answered
  return app;
}
