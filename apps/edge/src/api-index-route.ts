// GET /api/v1 and /api/v1/, no key: the base URL `npm start` prints, answered with an index of
// every endpoint read from the OpenAPI document (path, summary, limit category, whether a key is
// needed, its anchor in the portal's reference) and links to the document and the docs, where a
// browser used to meet a 401 and a client with a key a 404. Built once; cached like openapi.json.
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Config } from '@ira/core/runtime/config';
import { JSON_TYPE } from '@ira/core/contract/envelope';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { noneMatch } from './content-response/validators.ts';
import { OPENAPI_MAX_AGE_S, OPENAPI_PATH } from './openapi-route.ts';

export const API_INDEX_PATH = '/api/v1';

interface IndexedEndpoint {
  path: string;
  summary: string;
  /** The rate-limit category the request counts against; null for what needs no key. */
  category: string | null;
  key: boolean;
  docs: string;
}

interface GetOperation {
  operationId: string;
  summary: string;
  security?: unknown[];
  'x-rate-limit-category'?: string;
}

function indexedEndpoints(docsUrl: string): IndexedEndpoint[] {
  return Object.entries(openapiDocument.paths).flatMap(([path, item]) => {
    const get = (item as { get?: GetOperation }).get;
    if (get === undefined) return [];
    const key = (get.security ?? openapiDocument.security).length > 0;
    const category = get['x-rate-limit-category'] ?? null;
    return [{ path, summary: get.summary, category, key, docs: `${docsUrl}#${get.operationId}` }];
  });
}

/** The index's body for this deployment (PUBLIC_URL, PORTAL_URL). */
function apiIndex(config: Pick<Config, 'publicUrl' | 'portalUrl'>): object {
  const docs = `${config.portalUrl}/docs`;
  return {
    name: openapiDocument.info.title,
    version: openapiDocument.info.version,
    summary: openapiDocument.info.summary,
    base_url: config.publicUrl,
    openapi: `${config.publicUrl}${OPENAPI_PATH}`,
    docs,
    authentication:
      'Send your key in the X-API-Key header (or the api_key query parameter); ' +
      `get one at ${config.portalUrl}/signup. Endpoints with key: false need none.`,
    endpoints: indexedEndpoints(docs),
  };
}

export function apiIndexRoute(config: Pick<Config, 'publicUrl' | 'portalUrl'>): Middleware {
  const bytes = Buffer.from(JSON.stringify(apiIndex(config)));
  const etag = `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
  return function index(ctx) {
    ctx.set('Cache-Control', `public, max-age=${OPENAPI_MAX_AGE_S}`);
    ctx.set('ETag', etag);
    // As the content answers do (noneMatch says why not ctx.fresh).
    const ifNoneMatch = ctx.req.headers['if-none-match'];
    if (ifNoneMatch !== undefined && ifNoneMatch !== '' && noneMatch(ifNoneMatch, etag)) {
      ctx.status = 304;
      return;
    }
    ctx.type = JSON_TYPE;
    ctx.body = bytes;
  };
}
