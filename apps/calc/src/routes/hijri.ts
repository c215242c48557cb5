// GET /api/v1/hijri?date=YYYY-MM-DD (Gregorian → Umm al-Qura) and
// GET /api/v1/hijri?hijri=YYYY-MM-DD (Umm al-Qura → Gregorian). Behind the
// `calculation` limit like the other calc routes; layout as the Qibla route's.
import type { Context, Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { apiInfo, envelopeBytes } from '@ira/core/contract/envelope';
import { badRequest } from '@ira/core/contract/errors';
import { guardStateOf } from '@ira/core/runtime/guard';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { calendarDate } from '../calendar/calendar-date.ts';
import { dayParam, hijriDayParam, isSent, valueOrThrow } from '@ira/core/contract/params';
import { hijriAdjustmentParam } from './day-params.ts';
import {
  FIRST_GREGORIAN,
  FIRST_HIJRI_YEAR,
  gregorianFromHijri,
  hijriFromGregorian,
  LAST_GREGORIAN,
  LAST_HIJRI_YEAR,
  MAX_HIJRI_ADJUSTMENT_DAYS,
  type HijriDate,
} from '../calendar/hijri.ts';
import { calledUrl, wrappedBytes } from '../layout.ts';
import { sendJsonBytes } from './send-json.ts';

export const HIJRI_PATH = '/api/v1/hijri';

export const ONE_OF_ERROR =
  'Send exactly one of date (a Gregorian date, YYYY-MM-DD) or hijri (an Umm al-Qura date, YYYY-MM-DD).';
export const GREGORIAN_ERROR =
  `date must be a real Gregorian date as YYYY-MM-DD from ${FIRST_GREGORIAN} ` +
  `to ${LAST_GREGORIAN} (the span of the official Umm al-Qura table).`;
export const HIJRI_ERROR =
  `hijri must be a date that exists in the Umm al-Qura calendar, as YYYY-MM-DD from ${FIRST_HIJRI_YEAR}-01-01 ` +
  `to ${LAST_HIJRI_YEAR}-12-30 (months 1 to 12; days 1 to 29 or 30, as long as that month is).`;
export const ADJUSTMENT_ERROR =
  `hijriAdjustment must be a whole number of days from ` +
  `-${MAX_HIJRI_ADJUSTMENT_DAYS} to ${MAX_HIJRI_ADJUSTMENT_DAYS}.`;

export interface HijriConversion {
  gregorian: string;
  hijri: HijriDate;
  hijriAdjustment: number;
}

/** Throws the 400 for the first bad parameter. */
export function convert(query: Record<string, unknown>): HijriConversion {
  const fromGregorian = isSent(query, 'date');
  if (fromGregorian === isSent(query, 'hijri')) throw badRequest(ONE_OF_ERROR);
  const hijriAdjustment = valueOrThrow(hijriAdjustmentParam(query, ADJUSTMENT_ERROR), badRequest) ?? 0;
  let gregorian: string | null;
  if (fromGregorian) {
    const ymd = valueOrThrow(dayParam(query, 'date', GREGORIAN_ERROR), badRequest)!;
    gregorian = calendarDate(...ymd)?.iso ?? null;
    if (gregorian === null) throw badRequest(GREGORIAN_ERROR);
  } else {
    const ymd = valueOrThrow(hijriDayParam(query, 'hijri', HIJRI_ERROR), badRequest)!;
    gregorian = gregorianFromHijri(...ymd, hijriAdjustment);
    if (gregorian === null) throw badRequest(HIJRI_ERROR);
  }
  const hijri = hijriFromGregorian(gregorian, hijriAdjustment);
  if (hijri === null) throw badRequest(fromGregorian ? GREGORIAN_ERROR : HIJRI_ERROR);
  return { gregorian, hijri, hijriAdjustment };
}

type LayoutConfig = Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;

/** A Hijri answer's `data` (JSON) in the deployment's layout, as the Qibla route lays it out. */
export function sendHijriData(ctx: Context, config: LayoutConfig, apiInfoJson: string, data: string): void {
  if (config.responseLayout === 'flat') {
    sendJsonBytes(ctx, envelopeBytes({ service: 'hijri', data, apiInfoJson }));
    return;
  }
  const rateLimit = guardStateOf(ctx).rateLimit;
  sendJsonBytes(
    ctx,
    wrappedBytes(calledUrl(ctx, config), envelopeBytes({ service: 'hijri', data, apiInfoJson, rateLimit })),
  );
}

export function createHijriRoute({ config }: { config: LayoutConfig }): Middleware {
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(HIJRI_PATH), `${config.portalUrl}/docs`));
  return function hijri(ctx) {
    sendHijriData(ctx, config, apiInfoJson, JSON.stringify(convert(ctx.query)));
  };
}
