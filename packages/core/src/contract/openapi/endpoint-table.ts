// The endpoint table: the OpenAPI document's operations are the one place each keyed
// endpoint's path, limit category, answering service, parameters and usage template are
// written. Both services route from it (runtime/route-table.ts), the edge forwards calc's
// endpoints by it, routes take their `api_info.usage` from it, and a query parameter it does
// not list is refused (runtime/middleware/known-params.ts), so the routes, the forwarding
// and the document cannot drift apart.
import { openapiDocument } from './document.ts';
import type { Category, ServiceName } from './operation.ts';
import type { Schema } from './schemas.ts';

export interface Endpoint {
  /** The OpenAPI path template: `/api/v1/quran/juz/{number}`. */
  path: string;
  /** The same path as a router pattern: `/api/v1/quran/juz/:number`. */
  routePath: string;
  operationId: string;
  category: Category;
  service: ServiceName;
  usage: string;
  /** The query parameters it takes, as documented (the key's `api_key` aside). */
  queryParams: readonly string[];
  /** The schema its 400s follow (`BadRequest`, or the spec's own body: `PrayerTimeError`, `NamesError`). */
  badRequestSchema: string;
}

/** The query parameter that may carry the key on every endpoint (the document's security scheme). */
export const KEY_QUERY_PARAM = String(openapiDocument.components.securitySchemes.ApiKeyQuery!.name);

/** The schema name of an operation's 400; every keyed endpoint has one (a parameter it does not take, at least). */
function badRequestSchemaOf(path: string, get: Schema): string {
  type Response = { content?: Record<string, { schema?: { $ref?: string } }> };
  const ref = (get.responses as Record<string, Response>)['400']?.content?.['application/json']?.schema?.$ref;
  if (typeof ref !== 'string') throw new Error(`${path} documents no 400: every keyed endpoint answers one`);
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function endpoints(): Endpoint[] {
  return Object.entries(openapiDocument.paths).flatMap(([path, item]) => {
    const get = (item as { get?: Schema }).get;
    if (get === undefined || typeof get['x-usage'] !== 'string') return [];
    const parameters = (get.parameters ?? []) as { in: string; name: string }[];
    return [
      {
        path,
        routePath: path.replace(/\{(\w+)\}/g, ':$1'),
        operationId: String(get.operationId),
        category: get['x-rate-limit-category'] as Category,
        service: get['x-service'] as ServiceName,
        usage: get['x-usage'],
        queryParams: parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
        badRequestSchema: badRequestSchemaOf(path, get),
      },
    ];
  });
}

/** Every keyed GET of the API, in the document's order (a fixed path before a parameter in its place). */
export const ENDPOINTS: readonly Endpoint[] = endpoints();
const BY_PATH = new Map(ENDPOINTS.map((endpoint) => [endpoint.path, endpoint]));

/** The endpoint at an OpenAPI path template; throws at start-up for a path not in the table. */
export function endpointAt(path: string): Endpoint {
  const endpoint = BY_PATH.get(path);
  if (endpoint === undefined) {
    throw new Error(`${path} is not in the OpenAPI document: document it in packages/core/src/contract/openapi`);
  }
  return endpoint;
}

const BY_ID = new Map(ENDPOINTS.map((endpoint) => [endpoint.operationId, endpoint]));

/** The endpoint of an operationId; throws at start-up for one not in the table. */
export function endpointById(operationId: string): Endpoint {
  const endpoint = BY_ID.get(operationId);
  if (endpoint === undefined) throw new Error(`${operationId} is not an operation of the OpenAPI document`);
  return endpoint;
}

/** `api_info.usage` of the endpoint at `path`. */
export const usageOf = (path: string): string => endpointAt(path).usage;
