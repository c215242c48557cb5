// GET /api/v1/prayer-time/next: the time that has begun and the one to come at an
// instant (`at`, default now), with /prayer-time's parameters and 400s.
import { prayerTimeError } from '@ira/core/contract/errors';
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { apiInfo } from '@ira/core/contract/envelope';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { MAX_YEAR, MIN_YEAR, parseDateParam } from '../calendar/calendar-date.ts';
import { parseInstant } from './instant-param.ts';
import { singleParam, valueOrThrow } from '@ira/core/contract/params';
import { nextLocalDay, previousLocalDay } from '../calendar/local-days.ts';
import { describeAutoChoice } from '../methods/method-choice.ts';
import { currentAndNext } from '../prayer/next-prayer.ts';
import { inPlaceTurn } from '../prayer/prayer-day.ts';
import { computePrayerTimes } from '../prayer/prayer-times.ts';
import { sendPrayerTimeBody } from './prayer-time-body.ts';
import { parsePrayerTimeRequest, requestEcho } from './prayer-time-params.ts';
import type { PlaceIndex } from '../places/place-index.ts';

export const NEXT_PRAYER_PATH = '/api/v1/prayer-time/next';
// Tomorrow is computed too, and dates stop at MAX_YEAR's last day.
const LAST_YEAR_WITH_A_TOMORROW = MAX_YEAR - 1;
export const AT_ERROR =
  `at must be an ISO 8601 instant with Z or an offset, such as ` +
  `2026-03-20T18:30:00Z (years ${MIN_YEAR} to ${LAST_YEAR_WITH_A_TOMORROW})`;

export interface NextPrayerRouteOptions {
  config: Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;
  zoneAt: (lat: number, lon: number) => string;
  places: PlaceIndex;
  /** The clock (tests pass a fixed one). */
  now?: () => Date;
}

function parseAt(query: Record<string, unknown>, now: () => Date): Date {
  const raw = valueOrThrow(singleParam(query, 'at'), prayerTimeError);
  if (raw === undefined) return now();
  const at = parseInstant(raw);
  if (at === null) throw prayerTimeError(AT_ERROR);
  return at;
}

export function createNextPrayerRoute({
  config,
  zoneAt,
  places,
  now = () => new Date(),
}: NextPrayerRouteOptions): Middleware {
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(NEXT_PRAYER_PATH), `${config.portalUrl}/docs`));
  return function nextPrayer(ctx) {
    const request = parsePrayerTimeRequest({ ...ctx.query, date: undefined }, zoneAt, places);
    const at = parseAt(ctx.query, now);
    const { lat, lon, timeZone } = request;
    const today = parseDateParam(undefined, timeZone, at);
    if (today === null || today.year > LAST_YEAR_WITH_A_TOMORROW) throw prayerTimeError(AT_ERROR);
    // Yesterday and tomorrow as the zone had them: across a day it skipped (crossing the
    // date line) they are the days either side of it.
    const dates = [previousLocalDay(today, timeZone), today, nextLocalDay(today, timeZone)];
    return inPlaceTurn(lat, request.polarResolution, () => {
      const days = dates.map((date) => computePrayerTimes(lat, lon, timeZone, { ...request, date }).times);
      const answer = currentAndNext(at, days);
      // Dhuhr exists every day, so this only fails if that rule breaks: a 500, not a 200 without the answer.
      if (answer === null) throw new Error(`no current and next prayer at ${at.toISOString()} in ${timeZone}`);
      const body = {
        request: { ...requestEcho(request), at: at.toISOString() },
        timezone: timeZone,
        ...answer,
        ...(request.autoMethod ? { note: describeAutoChoice(request.autoMethod) } : {}),
      };
      sendPrayerTimeBody(ctx, config, apiInfoJson, JSON.stringify(body).slice(1, -1));
    });
  };
}
