// The calculation service: prayer times, calendars, Hijri dates, the Qibla and places,
// each endpoint behind the guard of its limit category (the endpoint table).
import Router from '@koa/router';
import Koa from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { createGuards, type GuardOptions } from '@ira/core/runtime/guard';
import { addHealthRoutes } from '@ira/core/runtime/health-routes';
import { compression } from '@ira/core/runtime/middleware/compression';
import { cors } from '@ira/core/runtime/middleware/cors';
import { createErrorHandler } from '@ira/core/runtime/middleware/error-handler';
import { notFoundFallback } from '@ira/core/runtime/middleware/not-found';
import { privateAnswers } from '@ira/core/runtime/middleware/private-answers';
import { readOnlyMethods } from '@ira/core/runtime/middleware/read-only-methods';
import { collectHeaders } from '@ira/core/runtime/response-head';
import { useQueryParser } from '@ira/core/runtime/query';
import { requestId } from '@ira/core/runtime/middleware/request-id';
import { annotateRequest } from '@ira/core/runtime/observe/annotations';
import { logAppErrors } from '@ira/core/runtime/observe/app-errors';
import { routeEndpoints } from '@ira/core/runtime/route-table';
import type { ServiceDeps } from '@ira/core/runtime/service-deps';
import { forwardedClientAddress } from './client-address.ts';
import type { PlaceIndex } from './places/place-index.ts';
import { createZoneLookup, ZONE_CACHE_MAX } from './places/time-zone.ts';
import { createCalendarIcsRoute } from './routes/calendar-ics.ts';
import { createCalendarRoute } from './routes/calendar.ts';
import { createHolidaysRoute, createNextHolidayRoute } from './routes/hijri-holidays.ts';
import { createHijriRoute } from './routes/hijri.ts';
import { createNextPrayerRoute } from './routes/next-prayer.ts';
import { createNearestPlaceRoute, createPlacesRoute } from './routes/places.ts';
import { createPrayerTimeRoute } from './routes/prayer-time.ts';
import { createQiblaRoute } from './routes/qibla.ts';

// Whole answers for the points asked again (a city's mosques, a refreshing app): ~1.8 KB of
// JSON each. V8 sizes the heap to the live set, so more kept answers raise calc's peak RSS
// with no gain in speed (bench: prayer-time-varying, calc peak RSS).
export const RESULT_CACHE_MAX = 2_000;

export interface CalcAppOptions {
  /** The gazetteer, loaded from the content tree at start (server.ts). */
  places: PlaceIndex;
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
  options: CalcAppOptions,
): Koa {
  const zoneAt = createZoneLookup(options.zoneCacheMax ?? ZONE_CACHE_MAX);
  const { places } = options;
  const routeOptions = { config, zoneAt, places, resultCacheMax: options.resultCacheMax ?? RESULT_CACHE_MAX };
  // By the endpoint table's operationId (packages/core/src/contract/openapi).
  const handlers = {
    getPrayerTimes: createPrayerTimeRoute(routeOptions),
    getQibla: createQiblaRoute({ config, places }),
    getPrayerCalendar: createCalendarRoute(routeOptions),
    getPrayerCalendarFeed: createCalendarIcsRoute(routeOptions),
    getNextPrayer: createNextPrayerRoute(routeOptions),
    convertHijri: createHijriRoute({ config }),
    searchPlaces: createPlacesRoute({ config, places }),
    getNearestPlace: createNearestPlaceRoute({ config, places }),
    listHijriHolidays: createHolidaysRoute({ config }),
    getNextHijriHoliday: createNextHolidayRoute({ config }),
  };
  const guardFor = createGuards({ config, deps, ...options.guard });
  const router = addHealthRoutes(new Router(), deps);
  routeEndpoints(router, { service: 'calc', handlers, before: (category) => guardFor(category) });

  const app = new Koa();
  useQueryParser(app); // ctx.query by node:querystring (query.ts)
  logAppErrors(app, 'calc'); // errors after an answer began: one JSON line, none for a client gone
  app.use(collectHeaders()); // the steps' headers go out with the answer's head, in one call
  app.use(requestId()); // X-Request-Id on every response, first so errors carry it too
  app.use(privateAnswers()); // Cache-Control: private, no-store: every answer holds the key or its usage
  app.use(annotateRequest()); // route pattern, client and key display start for the access log and metrics
  app.use(createErrorHandler()); // every error body is written here (ApiError or generic 500)
  app.use(cors(config.corsOrigins)); // only origins listed in CORS_ORIGINS; answers preflights
  app.use(compression()); // gzip/br for JSON bodies large enough to gain
  app.use(readOnlyMethods()); // 405 + Allow for anything but GET/HEAD
  app.use(forwardedClientAddress(config)); // the client's address behind the edge, for the 401 throttle
  app.use(notFoundFallback()); // JSON 404 for anything no route answered
  app.use(router.routes()); // /healthz, /readyz; every calc endpoint: its category's guard (401, 429), then its route
  return app;
}
