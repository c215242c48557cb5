// GET /api/v1/prayer-time/calendar.ics: the coming days' prayers, or a Hijri month's
// (the Ramadan timetable: hijriYear and hijriMonth=9), as an iCalendar feed to subscribe
// to. Calendar apps cannot send headers, so the key comes in the query (`api_key`, which
// the guard accepts). Same parameters and 400s as /prayer-time.
import { prayerTimeError } from '@ira/core/contract/errors';
import type { Middleware } from 'koa';
import { MAX_YEAR, type CalendarDate } from '../calendar/calendar-date.ts';
import { inRuns } from '../compute-turns.ts';
import { maySearch } from '../prayer/polar-resolution.ts';
import { DAYS_PER_TURN } from '../prayer/prayer-day.ts';
import { computePrayerTimes } from '../prayer/prayer-times.ts';
import { createIcsWriter, type IcsWriter } from '../calendar/ics.ts';
import { integerParam, isSent, valueOrThrow } from '@ira/core/contract/params';
import { localDays } from '../calendar/local-days.ts';
import { HIJRI_ADJUSTMENT_ERROR, hijriAdjustmentParam } from './day-params.ts';
import { asksHijriPeriod, parseHijriPeriod } from './hijri-period.ts';
import { parsePrayerTimeRequest, settingsKey, type PrayerSettings } from './prayer-time-params.ts';
import type { PlaceIndex } from '../places/place-index.ts';

export const CALENDAR_ICS_PATH = '/api/v1/prayer-time/calendar.ics';
export const DEFAULT_ICS_DAYS = 30;
export const MAX_ICS_DAYS = 366;
export const DAYS_ERROR = `days must be a whole number from 1 to ${MAX_ICS_DAYS}`;
export const ICS_PERIOD_ERROR = 'Send date (and days) or hijriYear (and hijriMonth), not both';
export const ICS_ADJUSTMENT_ERROR = 'hijriAdjustment is used only with hijriYear (and hijriMonth) on calendar.ics';
const ICS_TYPE = 'text/calendar; charset=utf-8';

export interface CalendarIcsRouteOptions {
  zoneAt: (lat: number, lon: number) => string;
  places: PlaceIndex;
}

/** `Method karachi, school shafi[, fajrAngle 15][, tune fajr:5]`: what a subscriber reads in each event. */
function describeRules({ method, school, rules, tune, elevation }: PrayerSettings): string {
  const custom = Object.entries(rules).map(([name, value]) => `${name} ${value}`);
  const offsets = Object.entries(tune).map(([name, minutes]) => `${name}:${minutes}`);
  return [
    `Method ${method}`,
    `school ${school}`,
    ...custom,
    ...(offsets.length > 0 ? [`tune ${offsets.join(',')}`] : []),
    ...(elevation === undefined ? [] : [`elevation ${elevation} m`]),
  ].join(', ');
}

/** The feed's first day and length: `date` and `days`, or a Hijri month (hijri-period.ts). */
function feedPeriod(query: Record<string, unknown>, date: CalendarDate): { first: CalendarDate; count: number } {
  if (asksHijriPeriod(query)) {
    if (isSent(query, 'date') || isSent(query, 'days')) throw prayerTimeError(ICS_PERIOD_ERROR);
    const adjustment = valueOrThrow(hijriAdjustmentParam(query, HIJRI_ADJUSTMENT_ERROR), prayerTimeError);
    return parseHijriPeriod(query, adjustment ?? 0);
  }
  if (isSent(query, 'hijriAdjustment')) throw prayerTimeError(ICS_ADJUSTMENT_ERROR);
  const days = valueOrThrow(
    integerParam(query, 'days', { min: 1, max: MAX_ICS_DAYS, message: DAYS_ERROR }),
    prayerTimeError,
  );
  return { first: date, count: days ?? DEFAULT_ICS_DAYS };
}

/**
 * Each day's times and events: a month at once, a longer feed as one of the long runs; at a polar
 * place in runs of their own (compute-turns.ts `inRuns`).
 */
function writeDays(
  writer: IcsWriter,
  request: ReturnType<typeof parsePrayerTimeRequest>,
  dates: readonly CalendarDate[],
): Promise<void> {
  const { lat, lon, timeZone } = request;
  return inRuns(
    dates.length,
    DAYS_PER_TURN,
    (done, size) => {
      for (const day of dates.slice(done, done + size)) {
        const { times, note } = computePrayerTimes(lat, lon, timeZone, { ...request, date: day });
        writer.day(note === undefined ? { date: day.iso, times } : { date: day.iso, times, note });
      }
    },
    { ownTurn: maySearch(lat, request.polarResolution) },
  );
}

export function createCalendarIcsRoute({ zoneAt, places }: CalendarIcsRouteOptions): Middleware {
  return async function prayerCalendarIcs(ctx) {
    // `date` (default today at the location) is the first day of the feed, unless a Hijri month is asked for.
    const request = parsePrayerTimeRequest(
      asksHijriPeriod(ctx.query) ? { ...ctx.query, date: undefined } : ctx.query,
      zoneAt,
      places,
    );
    const { first, count } = feedPeriod(ctx.query, request.date);
    const { lat, lon, timeZone } = request;
    // Days the zone skipped (crossing the date line) have no prayers; after MAX_YEAR, none are computed.
    const dates = localDays(first, count, timeZone).days.filter((day) => day.year <= MAX_YEAR);
    const writer = createIcsWriter({
      // Every setting that shapes the times keys the UIDs: two feeds that differ in any get distinct events.
      rules: settingsKey(request),
      name: `Prayer times ${lat}, ${lon}`,
      timeZone,
      description: `${describeRules(request)}; times from GET /api/v1/prayer-time.`,
      now: new Date(),
    });
    await writeDays(writer, request, dates);
    const feed = writer.text();
    ctx.type = ICS_TYPE;
    ctx.set('Content-Disposition', 'inline; filename="prayer-times.ics"');
    ctx.body = feed;
  };
}
