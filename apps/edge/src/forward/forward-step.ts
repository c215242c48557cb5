// Calc's endpoints (the endpoint table's `calc` entries) are forwarded ahead of the content
// steps: their answers are never kept here, so they skip the replay's request key and the
// router's match over the edge's own routes (bench: prayer-time-via-edge). Paths match as
// @koa/router matches the edge's: one trailing slash and any letter case.
import type { Middleware } from 'koa';
import { ENDPOINTS } from '@ira/core/contract/openapi/endpoint-table';
import { annotate } from '@ira/core/runtime/observe/annotations';

export function forwardCalcEndpoints(forward: Middleware): Middleware {
  const calc = ENDPOINTS.filter((endpoint) => endpoint.service === 'calc');
  const withParameters = calc.filter((endpoint) => endpoint.routePath.includes(':'));
  if (withParameters.length > 0)
    throw new Error(`forwarded paths are matched whole; ${withParameters[0]!.routePath} has a parameter`);
  const routes = new Map(calc.map((endpoint) => [endpoint.routePath.toLowerCase(), endpoint.routePath]));
  return function forwardToCalc(ctx, next) {
    const path = ctx.path.length > 1 && ctx.path.endsWith('/') ? ctx.path.slice(0, -1) : ctx.path;
    const route = routes.get(path.toLowerCase());
    if (route === undefined) return next();
    annotate(ctx.res, { route });
    return forward(ctx, next);
  };
}
