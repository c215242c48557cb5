// GET /api/v1/qibla (spec "Qibla", DESIGN §3). A handful of trigonometric calls per
// request: cheaper than a cache lookup would be worth (see README measurements).
import Router from '@koa/router';
import type { Config } from '@ira/core/config';
import { apiInfo, envelopeBytes, sendJsonBytes } from '@ira/core/envelope';
import { badRequest } from '@ira/core/errors';
import type { GuardState } from '@ira/core/guard';
import { parseCoordinates } from '../domain/coordinates.ts';
import { qiblaFor } from '../domain/qibla.ts';
import { calledUrl, wrappedBytes } from '../layout.ts';

export const QIBLA_PATH = '/api/v1/qibla';
const USAGE = 'GET /api/v1/qibla?lat={lat}&lon={lon}&api_key=YOUR_API_KEY';
export const QIBLA_COORDINATES_ERROR = 'lat and lon are required and must be valid numbers.';

export interface QiblaRouterOptions {
  config: Pick<Config, 'responseLayout' | 'publicUrl' | 'portalUrl'>;
}

export function createQiblaRouter({ config }: QiblaRouterOptions): Router {
  const apiInfoJson = JSON.stringify(apiInfo(USAGE, `${config.portalUrl}/docs`));
  const router = new Router();
  router.get(QIBLA_PATH, function qibla(ctx) {
    const coordinates = parseCoordinates(ctx.query);
    if (coordinates === null) throw badRequest(QIBLA_COORDINATES_ERROR);
    const data = JSON.stringify(qiblaFor(coordinates.lat, coordinates.lon));
    if (config.responseLayout === 'flat') {
      sendJsonBytes(ctx, envelopeBytes({ service: 'qibla-direction', data, apiInfoJson }));
      return;
    }
    const rateLimit = (ctx.state as GuardState).rateLimit;
    const body = envelopeBytes({ service: 'qibla-direction', data, apiInfoJson, rateLimit });
    sendJsonBytes(ctx, wrappedBytes(calledUrl(ctx, config), body));
  });
  return router;
}
