// GET /api/v1/prayer-time (spec "Prayer time", docs/api-decisions.md). The result for a given
// place, day and rule set never changes, so its JSON is cached once it is asked for a
// second time; only api_key and the per-request envelope parts are spliced around it.
import Router from '@koa/router';
import type { Config } from '@ira/core/config';
import { apiInfo, sendJsonBytes } from '@ira/core/envelope';
import type { GuardState } from '@ira/core/guard';
import { usageOf } from '@ira/core/openapi/endpoint-table';
import { keyHashes, seenFilter } from '@ira/core/seen-filter';
import { LRUCache } from 'lru-cache';
import { describeAutoChoice } from '../domain/method-choice.ts';
import { computeDays } from '../domain/prayer-day.ts';
import { calledUrl, wrappedBytes } from '../layout.ts';
import { dayOptions, parseDayExtras, type DayExtras } from './day-params.ts';
import { parsePrayerTimeRequest, requestEcho, settingsKey, type PrayerTimeRequest } from './prayer-time-params.ts';

export const PRAYER_TIME_PATH = '/api/v1/prayer-time';

// The result cache's admission filter: generations of 16,384 keys asked, 128 KB each
// (~0.1% false "seen" at that count).
const ADMISSION_GENERATION_KEYS = 16_384;
const ADMISSION_FILTER_BITS = 1 << 20;

export interface PrayerTimeRouterOptions {
  config: Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;
  zoneAt: (lat: number, lon: number) => string;
  /** Whole results by (place, day, rules); 0 turns the cache off (for measurements). */
  resultCacheMax: number;
}

/** `"request":…,"timezone":…,"hijri":…,"times":…,"extra":…[,"note":…]`: the result without api_key and braces. */
function resultFragment(request: PrayerTimeRequest, extras: DayExtras): string {
  const { date: _date, note, ...day } = computeDays(request.lat, request.lon, request.timeZone, dayOptions(request, extras), request.date, 1).days[0]!;
  // method=auto says what it chose, first, so a reader knows which rules the times follow.
  const notes = [request.autoMethod && describeAutoChoice(request.autoMethod), note].filter(Boolean);
  const body = {
    request: { ...requestEcho(request, request.date.iso), ...extras },
    timezone: request.timeZone,
    ...day,
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  };
  return JSON.stringify(body).slice(1, -1);
}

const resultKey = (r: PrayerTimeRequest, e: DayExtras): string => `${settingsKey(r)},${r.date.iso},${e.hijriAdjustment},${e.imsakMinutes}`;

export function createPrayerTimeRouter(options: PrayerTimeRouterOptions): Router {
  const { config, zoneAt } = options;
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(PRAYER_TIME_PATH), `${config.portalUrl}/docs`));
  const cache = options.resultCacheMax > 0 ? new LRUCache<string, string>({ max: options.resultCacheMax }) : null;
  // An answer is kept from its second ask within the last 16,384-32,768 keys asked: kept
  // from the first, points asked once each died in the old generation (8,000 points a
  // second: 8-9 full collections in 3 s, 6-7 with no result cache).
  const seenBefore = seenFilter(ADMISSION_FILTER_BITS);
  let asked = 0;

  function fragmentFor(request: PrayerTimeRequest, extras: DayExtras): string {
    if (cache === null) return resultFragment(request, extras);
    const key = resultKey(request, extras);
    let fragment = cache.get(key);
    if (fragment === undefined) {
      fragment = resultFragment(request, extras);
      if (seenBefore(keyHashes(key), Math.floor(asked++ / ADMISSION_GENERATION_KEYS))) cache.set(key, fragment);
    }
    return fragment;
  }

  const router = new Router();
  router.get(PRAYER_TIME_PATH, function prayerTime(ctx) {
    const request = parsePrayerTimeRequest(ctx.query, zoneAt);
    const extras = parseDayExtras(ctx.query);
    const state = ctx.state as GuardState;
    const result = `{"api_key":${JSON.stringify(state.apiKey.key)},${fragmentFor(request, extras)}`;
    if (config.responseLayout === 'flat') {
      sendJsonBytes(ctx, Buffer.from(`${result}}`));
      return;
    }
    const tail = `,"timestamp":"${new Date().toISOString()}","api_info":${apiInfoJson},"rateLimit":${JSON.stringify(state.rateLimit)}}`;
    sendJsonBytes(ctx, wrappedBytes(calledUrl(ctx, config), Buffer.from(result + tail)));
  });
  return router;
}
