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
  MAX_HIJRI_ADJUSTMENT_DAYS,
} from '../calendar/hijri.ts';
import { holidaysOfGregorianYear, holidaysOfHijriYear, nextHoliday } from '../calendar/hijri-holidays.ts';
import { ADJUSTMENT_ERROR, sendHijriData } from './hijri.ts';
import { parseIntegerParam } from './integer-param.ts';

export const HOLIDAYS_PATH = '/api/v1/hijri/holidays';
export const NEXT_HOLIDAY_PATH = '/api/v1/hijri/holidays/next';
const FIRST_GREGORIAN_YEAR = Number(FIRST_GREGORIAN.slice(0, 4));
const LAST_GREGORIAN_YEAR = Number(LAST_GREGORIAN.slice(0, 4));
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

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

const sent = (raw: unknown): boolean => raw !== undefined && raw !== '';

function adjustmentOf(query: Record<string, unknown>): number {
  const adjustment = parseIntegerParam(query.hijriAdjustment, -MAX_HIJRI_ADJUSTMENT_DAYS, MAX_HIJRI_ADJUSTMENT_DAYS);
  if (!adjustment.ok) throw badRequest(ADJUSTMENT_ERROR);
  return adjustment.value ?? 0;
}

/** The holidays of the Hijri `year` or of the `gregorianYear`; throws the 400 naming the parameter. */
export function holidaysBody(query: Record<string, unknown>): object {
  if (sent(query.year) === sent(query.gregorianYear)) throw badRequest(YEAR_ONE_OF_ERROR);
  const hijriAdjustment = adjustmentOf(query);
  const common = { hijriAdjustment, calendar: HIJRI_CALENDAR, note: HOLIDAYS_NOTE };
  if (sent(query.year)) {
    const year = parseIntegerParam(query.year, FIRST_HIJRI_YEAR, LAST_HIJRI_YEAR);
    if (!year.ok || year.value === undefined) throw badRequest(HOLIDAY_YEAR_ERROR);
    return { year: year.value, ...common, holidays: holidaysOfHijriYear(year.value, hijriAdjustment) };
  }
  const year = parseIntegerParam(query.gregorianYear, FIRST_GREGORIAN_YEAR, LAST_GREGORIAN_YEAR);
  if (!year.ok || year.value === undefined) throw badRequest(GREGORIAN_YEAR_ERROR);
  return { gregorianYear: year.value, ...common, holidays: holidaysOfGregorianYear(year.value, hijriAdjustment) };
}

function dateOf(raw: unknown, now: Date): CalendarDate | null {
  if (!sent(raw)) return calendarDate(now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate());
  const match = typeof raw === 'string' ? ISO_DAY.exec(raw) : null;
  return match === null ? null : calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The next holiday on or after `date` (default today, UTC); throws the 400 naming the parameter. */
export function nextHolidayBody(query: Record<string, unknown>, now: Date = new Date()): object {
  const date = dateOf(query.date, now);
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
