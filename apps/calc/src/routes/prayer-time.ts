// GET /api/v1/prayer-time (spec "Prayer time", docs/api-decisions.md). The result for a given
// place, day and rule set never changes, so its JSON is cached once it is asked for a
// second time; only api_key and the per-request envelope parts are spliced around it.
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { apiInfo } from '@ira/core/contract/envelope';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { describeAutoChoice } from '../methods/method-choice.ts';
import { computeDays, inPlaceTurn } from '../prayer/prayer-day.ts';
import { dayOptions, parseDayExtras, type DayExtras } from './day-params.ts';
import { sendPrayerTimeBody } from './prayer-time-body.ts';
import { answerKey, parsePrayerTimeRequest, requestEcho, type PrayerTimeRequest } from './prayer-time-params.ts';
import { createResultCache } from './result-cache.ts';
import type { PlaceIndex } from '../places/place-index.ts';

export const PRAYER_TIME_PATH = '/api/v1/prayer-time';

export interface PrayerTimeRouteOptions {
  config: Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;
  zoneAt: (lat: number, lon: number) => string;
  places: PlaceIndex;
  /** Whole results by (place, day, rules); 0 turns the cache off (for measurements). */
  resultCacheMax: number;
}

/** `"request":…,"timezone":…,"hijri":…,"times":…,"extra":…[,"note":…]`: the result without api_key and braces. */
function resultFragment(request: PrayerTimeRequest, extras: DayExtras): string {
  const {
    date: _date,
    note,
    ...day
  } = computeDays(request.lat, request.lon, request.timeZone, dayOptions(request, extras), request.date, 1).days[0]!;
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

const resultKey = (r: PrayerTimeRequest, e: DayExtras): string =>
  `${answerKey(r)},${r.date.iso},${e.hijriAdjustment},${e.imsakMinutes}`;

export function createPrayerTimeRoute(options: PrayerTimeRouteOptions): Middleware {
  const { config, zoneAt, places } = options;
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(PRAYER_TIME_PATH), `${config.portalUrl}/docs`));
  const resultFor = createResultCache(options.resultCacheMax);
  return function prayerTime(ctx) {
    const request = parsePrayerTimeRequest(ctx.query, zoneAt, places);
    const extras = parseDayExtras(ctx.query);
    // Kept encoded: a result answered again is copied, not encoded again.
    const make = () => Buffer.from(resultFragment(request, extras));
    return inPlaceTurn(request.lat, request.polarResolution, () =>
      sendPrayerTimeBody(ctx, config, apiInfoJson, resultFor(resultKey(request, extras), make)),
    );
  };
}
