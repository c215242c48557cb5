// The endpoint table: the OpenAPI document's operations are the one place each
// endpoint's path, limit category, parameters (with their enums and ranges) and
// usage template are written. Routes take their `api_info.usage` from here, so the
// body and the document cannot drift apart; endpoint-table.test.ts checks that every
// route of the edge and calc is in the table and every keyed entry is routed.
import { openapiDocument } from './document.ts';
import type { Category } from './operation.ts';

export interface Endpoint {
  path: string;
  operationId: string;
  category: Category;
  usage: string;
}

function endpoints(): Endpoint[] {
  return Object.entries(openapiDocument.paths).flatMap(([path, item]) => {
    const get = (item as { get?: Record<string, unknown> }).get;
    if (get === undefined || typeof get['x-usage'] !== 'string') return [];
    return [
      {
        path,
        operationId: String(get.operationId),
        category: get['x-rate-limit-category'] as Category,
        usage: get['x-usage'],
      },
    ];
  });
}

/** Every keyed GET of the API, in the document's order. */
export const ENDPOINTS: readonly Endpoint[] = endpoints();
const BY_PATH = new Map(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));

/** The endpoint at an OpenAPI path template (`/api/v1/quran/juz/{number}`); throws at start-up for a path not in the table. */
export function endpointAt(path: string): Endpoint {
  const endpoint = BY_PATH.get(path);
  if (endpoint === undefined)
    throw new Error(
      `${path} is not in the OpenAPI document: document it in packages/core/src/openapi before routing it`,
    );
  return endpoint;
}

/** `api_info.usage` of the endpoint at `path`. */
export const usageOf = (path: string): string => endpointAt(path).usage;

interface RouterLayer {
  path: string;
  methods: string[];
}

interface RoutingMiddleware {
  /** Router#routes() */
  router?: { stack: RouterLayer[] };
  /** routersByPath() (routers-by-path.ts) */
  routers?: readonly { stack: RouterLayer[] }[];
}

/**
 * The GET routes a Koa app's routers answer, as OpenAPI path templates
 * (`/quran/juz/:number` → `/quran/juz/{number}`): what the endpoint-table tests
 * compare with ENDPOINTS.
 */
export function routedGetPaths(middleware: readonly unknown[]): string[] {
  const paths = middleware.flatMap((fn) => {
    const { router, routers = [] } = fn as RoutingMiddleware;
    return [...(router ? [router] : []), ...routers].flatMap((each) =>
      each.stack.filter((layer) => layer.methods.includes('GET')).map((layer) => layer.path),
    );
  });
  return [...new Set(paths.map((path) => path.replace(/:(\w+)/g, '{$1}')))].sort();
}
