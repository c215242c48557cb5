// GET /api/v1/prayer-time/calendar: every day of a month, or of a whole year, in
// the location's zone, with the same parameters and 400s as /prayer-time; or of a Hijri
// month or year (hijri-period.ts: the Ramadan timetable is hijriMonth=9). One
// request counts once against the `calculation` limit (the guard runs once).
import { prayerTimeError } from '@ira/core/contract/errors';
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { apiInfo } from '@ira/core/contract/envelope';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { calendarDate, MAX_YEAR, MIN_YEAR } from '../calendar/calendar-date.ts';
import { integerParam, isSent, valueOrThrow } from '@ira/core/contract/params';
import { describeSkippedDays } from '../calendar/local-days.ts';
import { describeAutoChoice } from '../methods/method-choice.ts';
import { computeDaysJson } from '../prayer/prayer-day.ts';
import { dayOptions, parseDayExtras } from './day-params.ts';
import { asksHijriPeriod, parseHijriPeriod } from './hijri-period.ts';
import { sendPrayerTimeBody } from './prayer-time-body.ts';
import { parsePrayerTimeRequest, requestEcho } from './prayer-time-params.ts';
import type { PlaceIndex } from '../places/place-index.ts';

export const CALENDAR_PATH = '/api/v1/prayer-time/calendar';
// `year`: the years `date` accepts on /prayer-time.
export const YEAR_ERROR = `year is required (or hijriYear) and must be a whole number from ${MIN_YEAR} to ${MAX_YEAR}`;
export const MONTH_ERROR = 'month must be a whole number from 1 to 12 (leave it out for the whole year)';
export const PERIOD_ERROR =
  'Send year (and month) for Gregorian days or hijriYear (and hijriMonth) for Hijri days, not both';
const MONTHS_PER_YEAR = 12;
const COMMA = Buffer.from(',');
const CLOSE_DAYS = Buffer.from(']');

export interface CalendarRouteOptions {
  config: Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;
  zoneAt: (lat: number, lon: number) => string;
  places: PlaceIndex;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The calendar's body for a request's query, as JSON members without the braces
 * (`"request":…,"days":[…]`) in parts: every day of the month, or of the year (a month per turn
 * of the event loop), with the request echoed. Throws the 400s. Also the bench's bare
 * computation of a calendar.
 */
export async function calendarFragment(
  query: Record<string, unknown>,
  zoneAt: CalendarRouteOptions['zoneAt'],
  places: PlaceIndex,
): Promise<Buffer[]> {
  // `date` means nothing here: the days come from year and month.
  const request = parsePrayerTimeRequest({ ...query, date: undefined }, zoneAt, places);
  const extras = parseDayExtras(query);
  const { first, count, period } = calendarPeriod(query, extras.hijriAdjustment);
  const { lat, lon, timeZone } = request;
  const days = await computeDaysJson(lat, lon, timeZone, dayOptions(request, extras), first, count);
  // Said once for the whole answer: which authority method=auto chose, and which
  // dates are missing because the zone skipped them.
  const notes = [
    request.autoMethod && describeAutoChoice(request.autoMethod),
    describeSkippedDays(days.skipped, timeZone),
  ].filter(Boolean);
  const head = JSON.stringify({
    request: { ...requestEcho(request), ...period, ...extras },
    timezone: timeZone,
    ...(notes.length > 0 ? { note: notes.join(' ') } : {}),
  });
  const separated = days.runs.flatMap((run, i) => (i === 0 ? [run] : [COMMA, run]));
  return [Buffer.from(`${head.slice(1, -1)},"days":[`), ...separated, CLOSE_DAYS];
}

/** The first day, the number of days and their echo: a Gregorian year or month, or a Hijri one. */
function calendarPeriod(query: Record<string, unknown>, hijriAdjustment: number) {
  if (asksHijriPeriod(query)) {
    if (isSent(query, 'year') || isSent(query, 'month')) throw prayerTimeError(PERIOD_ERROR);
    const { first, count, echo } = parseHijriPeriod(query, hijriAdjustment);
    return { first, count, period: echo };
  }
  const year = valueOrThrow(
    integerParam(query, 'year', { min: MIN_YEAR, max: MAX_YEAR, message: YEAR_ERROR }),
    prayerTimeError,
  );
  if (year === undefined) throw prayerTimeError(YEAR_ERROR);
  const monthBounds = { min: 1, max: MONTHS_PER_YEAR, message: MONTH_ERROR };
  const month = valueOrThrow(integerParam(query, 'month', monthBounds), prayerTimeError);
  const first = calendarDate(year, month ?? 1, 1)!;
  const count = month === undefined ? daysInYear(year) : daysIn(year, month);
  return { first, count, period: { year, ...(month === undefined ? {} : { month }) } };
}

export function createCalendarRoute({ config, zoneAt, places }: CalendarRouteOptions): Middleware {
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(CALENDAR_PATH), `${config.portalUrl}/docs`));
  return async function prayerCalendar(ctx) {
    sendPrayerTimeBody(ctx, config, apiInfoJson, await calendarFragment(ctx.query, zoneAt, places));
  };
}

function daysInYear(year: number): number {
  return daysIn(year, 2) === 29 ? 366 : 365;
}
