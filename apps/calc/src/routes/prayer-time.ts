// GET /api/v1/prayer-time (spec "Prayer time", DESIGN §3). The result for a given
// place, day and rule set never changes, so its JSON is cached; only api_key and the
// per-request envelope parts are spliced around it.
import Router from '@koa/router';
import type { Config } from '@ira/core/config';
import { apiInfo, sendJsonBytes } from '@ira/core/envelope';
import type { GuardState } from '@ira/core/guard';
import { LRUCache } from 'lru-cache';
import { computePrayerTimes } from '../domain/prayer-times.ts';
import { calledUrl, wrappedBytes } from '../layout.ts';
import { parsePrayerTimeRequest, requestEcho, settingsKey, type PrayerTimeRequest } from './prayer-time-params.ts';

export const PRAYER_TIME_PATH = '/api/v1/prayer-time';
const USAGE =
  'GET /api/v1/prayer-time?lat={lat}&lon={lon}&method={method}&school={school}&date={YYYY-MM-DD}&api_key=YOUR_API_KEY';

export interface PrayerTimeRouterOptions {
  config: Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;
  zoneAt: (lat: number, lon: number) => string;
  /** Whole results by (place, day, rules); 0 turns the cache off (for measurements). */
  resultCacheMax: number;
}

/** `"request":…,"timezone":…,"times":…[,"note":…]`: the result without api_key and braces. */
function resultFragment(request: PrayerTimeRequest): string {
  const result = computePrayerTimes(request.lat, request.lon, request.timeZone, request);
  const body = { request: requestEcho(request, request.date.iso), timezone: request.timeZone, ...result };
  return JSON.stringify(body).slice(1, -1);
}

const resultKey = (r: PrayerTimeRequest): string => `${settingsKey(r)},${r.date.iso}`;

export function createPrayerTimeRouter(options: PrayerTimeRouterOptions): Router {
  const { config, zoneAt } = options;
  const apiInfoJson = JSON.stringify(apiInfo(USAGE, `${config.portalUrl}/docs`));
  const cache = options.resultCacheMax > 0 ? new LRUCache<string, string>({ max: options.resultCacheMax }) : null;

  function fragmentFor(request: PrayerTimeRequest): string {
    if (cache === null) return resultFragment(request);
    const key = resultKey(request);
    let fragment = cache.get(key);
    if (fragment === undefined) {
      fragment = resultFragment(request);
      cache.set(key, fragment);
    }
    return fragment;
  }

  const router = new Router();
  router.get(PRAYER_TIME_PATH, function prayerTime(ctx) {
    const request = parsePrayerTimeRequest(ctx.query, zoneAt);
    const state = ctx.state as GuardState;
    const result = `{"api_key":${JSON.stringify(state.apiKey.key)},${fragmentFor(request)}`;
    if (config.responseLayout === 'flat') {
      sendJsonBytes(ctx, Buffer.from(`${result}}`));
      return;
    }
    const tail = `,"timestamp":"${new Date().toISOString()}","api_info":${apiInfoJson},"rateLimit":${JSON.stringify(state.rateLimit)}}`;
    sendJsonBytes(ctx, wrappedBytes(calledUrl(ctx, config), Buffer.from(result + tail)));
  });
  return router;
}
