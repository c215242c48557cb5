// GET /api/v1/qibla (spec "Qibla", docs/api-decisions.md). A handful of trigonometric calls per
// request: cheaper than a cache lookup would be worth (bench: qibla-varying).
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { apiInfo, envelopeBytes } from '@ira/core/contract/envelope';
import { badRequest, httpError, type ApiError } from '@ira/core/contract/errors';
import { guardStateOf } from '@ira/core/runtime/guard';
import { usageOf } from '@ira/core/contract/openapi/endpoint-table';
import { calendarDate } from '../calendar/calendar-date.ts';
import { dayParam, valueOrThrow } from '@ira/core/contract/params';
import { parseCoordinates } from '../places/coordinates.ts';
import type { PlaceIndex } from '../places/place-index.ts';
import { parsePlaceParam, type PlaceParam } from '../places/place-param.ts';
import type { PlaceEcho } from '../places/place-json.ts';
import { magneticQibla } from '../qibla/magnetic.ts';
import { qiblaFor } from '../qibla/qibla.ts';
import { calledUrl, wrappedBytes } from '../layout.ts';
import { sendJsonBytes } from './send-json.ts';

export const QIBLA_PATH = '/api/v1/qibla';
export const QIBLA_COORDINATES_ERROR = 'lat and lon are required and must be valid numbers.';
export const QIBLA_DATE_ERROR =
  'date must be a real date as YYYY-MM-DD (the day of the magnetic declination; default today, UTC).';

/** The day for the magnetic field: `date` or today (UTC). */
function magneticDay(query: Record<string, unknown>): string {
  const ymd = valueOrThrow(dayParam(query, 'date', QIBLA_DATE_ERROR), badRequest);
  if (ymd === undefined) return new Date().toISOString().slice(0, 10);
  const day = calendarDate(...ymd);
  if (day === null) throw badRequest(QIBLA_DATE_ERROR);
  return day.iso;
}

export interface QiblaRouteOptions {
  config: Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;
  places: PlaceIndex;
}

/** A place or city that cannot be used, in the Qibla's error form, with the candidates to choose from. */
function placeError(problem: Extract<PlaceParam, { kind: 'problem' }>): ApiError {
  return httpError(problem.status, problem.message, problem.candidates ? { candidates: problem.candidates } : {});
}

/** The coordinates: a place's (`place`, `city`), or `lat` and `lon`. */
function locate(query: Record<string, unknown>, places: PlaceIndex): { lat: number; lon: number; place?: PlaceEcho } {
  const located = parsePlaceParam(query, places);
  if (located.kind === 'problem') throw placeError(located);
  if (located.kind === 'place') {
    const { echo } = located.place;
    return { lat: echo.latitude, lon: echo.longitude, place: echo };
  }
  const coordinates = parseCoordinates(query, QIBLA_COORDINATES_ERROR);
  if (!coordinates.ok) throw badRequest(coordinates.message);
  return coordinates.value;
}

export function createQiblaRoute({ config, places }: QiblaRouteOptions): Middleware {
  const apiInfoJson = JSON.stringify(apiInfo(usageOf(QIBLA_PATH), `${config.portalUrl}/docs`));
  return function qibla(ctx) {
    const coordinates = locate(ctx.query, places);
    const day = magneticDay(ctx.query);
    const qibla = qiblaFor(coordinates.lat, coordinates.lon);
    const { magnetic, note } = magneticQibla(coordinates.lat, coordinates.lon, qibla.compass_bearing, day);
    const data = JSON.stringify({
      ...qibla,
      magnetic,
      note: note === undefined ? qibla.note : `${qibla.note} ${note}`,
      ...(coordinates.place === undefined ? {} : { request: { place: coordinates.place } }),
    });
    if (config.responseLayout === 'flat') {
      sendJsonBytes(ctx, envelopeBytes({ service: 'qibla-direction', data, apiInfoJson }));
      return;
    }
    const rateLimit = guardStateOf(ctx).rateLimit;
    const body = envelopeBytes({ service: 'qibla-direction', data, apiInfoJson, rateLimit });
    sendJsonBytes(ctx, wrappedBytes(calledUrl(ctx, config), body));
  };
}
