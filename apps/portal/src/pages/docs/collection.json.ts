// GET /docs/collection.json: the Postman collection of this deployment (see lib/postman-collection.ts).
import type { APIRoute } from 'astro';
import { openapiDocument } from '@ira/core/contract/openapi/document';
import { portalConfig } from '../../lib/portal-config.ts';
import { postmanCollection } from '../../lib/postman-collection.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(postmanCollection(openapiDocument, portalConfig().publicUrl), null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="islamic-reference-api.postman_collection.json"',
    },
  });
