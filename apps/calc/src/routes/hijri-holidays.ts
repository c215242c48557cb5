// GET /api/v1/hijri/holidays?year=<Hijri year> (or gregorianYear=) lists the holidays
// with their Hijri and Gregorian dates; GET /api/v1/hijri/holidays/next?date= gives the
// next one and the days until it. Umm al-Qura dates (calendar/hijri-holidays.ts), shifted
// by `hijriAdjustment`; 400s name the parameter; layout as /hijri.
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { apiInfo } from '@ira/core/contract/envelope';
import { badRequest } from '@ira/core/contract/errors';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { calendarDate, type CalendarDate } from '../calendar/calendar-date.ts';
import {
  FIRST_GREGORIAN,
  FIRST_HIJRI_YEAR,
  HIJRI_CALENDAR,
  LAST_GREGORIAN,
  LAST_HIJRI_YEAR,
} from '../calendar/hijri.ts';
import { holidaysOfGregorianYear, holidaysOfHijriYear, nextHoliday } from '../calendar/hijri-holidays.ts';
import { ADJUSTMENT_ERROR, sendHijriData } from './hijri.ts';
import { dayParam, integerParam, isSent, valueOrThrow } from '@ira/core/contract/params';
import { hijriAdjustmentParam } from './day-params.ts';

export const HOLIDAYS_PATH = '/api/v1/hijri/holidays';
export const NEXT_HOLIDAY_PATH = '/api/v1/hijri/holidays/next';
const FIRST_GREGORIAN_YEAR = Number(FIRST_GREGORIAN.slice(0, 4));
const LAST_GREGORIAN_YEAR = Number(LAST_GREGORIAN.slice(0, 4));

export const YEAR_ONE_OF_ERROR = 'Send exactly one of year (a Hijri year) or gregorianYear.';
export const HOLIDAY_YEAR_ERROR =
  `year must be a whole Hijri year from ${FIRST_HIJRI_YEAR} to ${LAST_HIJRI_YEAR} ` +
  '(the official Umm al-Qura table).';
export const GREGORIAN_YEAR_ERROR =
  `gregorianYear must be a whole number from ${FIRST_GREGORIAN_YEAR} to ${LAST_GREGORIAN_YEAR} ` +
  '(the span of the official Umm al-Qura table).';
export const NEXT_DATE_ERROR =
  `date must be a real Gregorian date as YYYY-MM-DD from ${FIRST_GREGORIAN} to ${LAST_GREGORIAN}, before the table's ` +
  `last holiday.`;
// Said with every answer: the dates are the table's, not a local sighting's.
export const HOLIDAYS_NOTE =
  'Dates follow the Umm al-Qura calendar of Saudi Arabia. Where a month begins with a local moon sighting a holiday ' +
  'may fall a day or two earlier or later; hijriAdjustment shifts every date.';

type LayoutConfig = Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;

function adjustmentOf(query: Record<string, unknown>): number {
  return valueOrThrow(hijriAdjustmentParam(query, ADJUSTMENT_ERROR), badRequest) ?? 0;
}

/** The holidays of the Hijri `year` or of the `gregorianYear`; throws the 400 naming the parameter. */
export function holidaysBody(query: Record<string, unknown>): object {
  if (isSent(query, 'year') === isSent(query, 'gregorianYear')) throw badRequest(YEAR_ONE_OF_ERROR);
  const hijriAdjustment = adjustmentOf(query);
  const common = { hijriAdjustment, calendar: HIJRI_CALENDAR, note: HOLIDAYS_NOTE };
  if (isSent(query, 'year')) {
    const bounds = { min: FIRST_HIJRI_YEAR, max: LAST_HIJRI_YEAR, message: HOLIDAY_YEAR_ERROR };
    const year = valueOrThrow(integerParam(query, 'year', bounds), badRequest)!;
    return { year, ...common, holidays: holidaysOfHijriYear(year, hijriAdjustment) };
  }
  const bounds = { min: FIRST_GREGORIAN_YEAR, max: LAST_GREGORIAN_YEAR, message: GREGORIAN_YEAR_ERROR };
  const year = valueOrThrow(integerParam(query, 'gregorianYear', bounds), badRequest)!;
  return { gregorianYear: year, ...common, holidays: holidaysOfGregorianYear(year, hijriAdjustment) };
}

function dateOf(query: Record<string, unknown>, now: Date): CalendarDate | null {
  const ymd = valueOrThrow(dayParam(query, 'date', NEXT_DATE_ERROR), badRequest);
  if (ymd === undefined) return calendarDate(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
  return calendarDate(...ymd);
}

/** The next holiday on or after `date` (default today, UTC); throws the 400 naming the parameter. */
export function nextHolidayBody(query: Record<string, unknown>, now: Date = new Date()): object {
  const date = dateOf(query, now);
  const hijriAdjustment = adjustmentOf(query);
  const next = date === null ? null : nextHoliday(date, hijriAdjustment);
  if (date === null || next === null) throw badRequest(NEXT_DATE_ERROR);
  return { date: date.iso, hijriAdjustment, calendar: HIJRI_CALENDAR, note: HOLIDAYS_NOTE, ...next };
}

export function createHolidaysRoute({ config }: { config: LayoutConfig }): Middleware {
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(HOLIDAYS_PATH), `${config.portalUrl}/docs`));
  return function hijriHolidays(ctx) {
    sendHijriData(ctx, config, apiInfoJson, JSON.stringify(holidaysBody(ctx.query)));
  };
}

export function createNextHolidayRoute({ config }: { config: LayoutConfig }): Middleware {
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(NEXT_HOLIDAY_PATH), `${config.portalUrl}/docs`));
  return function nextHijriHoliday(ctx) {
    sendHijriData(ctx, config, apiInfoJson, JSON.stringify(nextHolidayBody(ctx.query)));
  };
}
