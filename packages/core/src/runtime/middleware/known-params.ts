// A query parameter the endpoint does not take is a 400 naming it (docs/api-decisions.md
// "Parameters"): answered without it, `madhab=hanafi` (for `school=hanafi`) gave the Shafi Asr.
// The parameters an endpoint takes are the OpenAPI document's (the endpoint table).
import type { Middleware } from 'koa';
import { badRequest, namesError, prayerTimeError, type ApiError } from '../../contract/errors.ts';
import { KEY_QUERY_PARAM, type Endpoint } from '../../contract/openapi/endpoint-table.ts';

/** A 400 in the form the endpoint documents: the spec's own bodies for prayer times and the 99 Names. */
function badRequestAs(schema: string, message: string): ApiError {
  if (schema === 'PrayerTimeError') return prayerTimeError(message);
  if (schema === 'NamesError') return namesError(message);
  return badRequest(message);
}

export function knownParamsOnly(endpoint: Endpoint): Middleware {
  const known = new Set([...endpoint.queryParams, KEY_QUERY_PARAM]);
  const takes = endpoint.queryParams.length === 0 ? 'none' : endpoint.queryParams.join(', ');
  return function knownParamsOnlyMiddleware(ctx, next) {
    if (ctx.querystring !== '') {
      for (const name of Object.keys(ctx.query)) {
        if (known.has(name)) continue;
        const message =
          name === ''
            ? `the query holds a parameter without a name (${endpoint.path} takes ${takes}).`
            : `${name} is not a parameter of ${endpoint.path} (it takes ${takes}).`;
        throw badRequestAs(endpoint.badRequestSchema, message);
      }
    }
    return next();
  };
}
