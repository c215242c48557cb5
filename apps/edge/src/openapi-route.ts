// GET /api/v1/openapi.json, no key (docs/operations.md "Service surfaces"). The document is serialised once.
import type { Middleware } from 'koa';
import { JSON_TYPE } from '@ira/core/contract/envelope';
import { documentFor } from '@ira/core/contract/openapi/document';

export const OPENAPI_PATH = '/api/v1/openapi.json';
// Clients and the portal may cache it briefly; it changes only with a deploy.
export const OPENAPI_MAX_AGE_S = 300;

/** Serves the document with `servers` set to the deployment's public URL. */
export function openapiRoute(publicUrl: string): Middleware {
  const bytes = Buffer.from(JSON.stringify(documentFor(publicUrl)));
  return function openapi(ctx) {
    ctx.set('Cache-Control', `public, max-age=${OPENAPI_MAX_AGE_S}`);
    ctx.type = JSON_TYPE;
    ctx.body = bytes;
  };
}
