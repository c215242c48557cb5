// Routes a service's keyed endpoints from the endpoint table (contract/openapi/endpoint-table.ts):
// each endpoint's path, the guard of its limit category, the check that every query parameter
// is one it takes, then its handler, named by the endpoint's operationId. A handler without an
// endpoint, or an endpoint of the service without a handler, stops the service at start: a route
// cannot exist undocumented.
import type { Router, RouterMiddleware } from '@koa/router';
import type { Middleware } from 'koa';
import type { Category } from '../contract/openapi/operation.ts';
import { ENDPOINTS, type Endpoint } from '../contract/openapi/endpoint-table.ts';
import type { ServiceName } from '../contract/openapi/operation.ts';
import { knownParamsOnly } from './middleware/known-params.ts';

/** A service's handlers by operationId. */
export type Handlers = Readonly<Record<string, RouterMiddleware>>;

export interface RouteTableOptions {
  service: ServiceName;
  handlers: Handlers;
  /** The steps before a handler for an endpoint of this category (the guard, and what runs after it). */
  before: (category: Category, endpoint: Endpoint) => Middleware | readonly Middleware[];
}

export function routeEndpoints(router: Router, options: RouteTableOptions): Router {
  const { service, handlers } = options;
  const own = ENDPOINTS.filter((endpoint) => endpoint.service === service);
  const missing = own.filter((endpoint) => handlers[endpoint.operationId] === undefined);
  const unknown = Object.keys(handlers).filter((id) => !own.some((endpoint) => endpoint.operationId === id));
  if (missing.length > 0 || unknown.length > 0) {
    throw new Error(
      `${service}: the routes and the endpoint table disagree: ` +
        `no handler for ${missing.map((endpoint) => endpoint.operationId).join(', ') || '-'}; ` +
        `not in the table: ${unknown.join(', ') || '-'}`,
    );
  }
  for (const endpoint of own) {
    router.get(
      endpoint.operationId,
      endpoint.routePath,
      ...[options.before(endpoint.category, endpoint)].flat(),
      knownParamsOnly(endpoint),
      handlers[endpoint.operationId]!,
    );
  }
  return router;
}
