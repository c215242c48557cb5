// Builders shared by the path files: keyed JSON operations get the same
// success headers and the same 401/429 responses, written once here.
import type { Schema } from './schemas.ts';

export type Category = 'general' | 'calculation';
/** The process that answers an endpoint: the edge itself, or calc behind the edge's forwarding. */
export type ServiceName = 'edge' | 'calc';

const responseRef = (name: string): Schema => ({ $ref: `#/components/responses/${name}` });
const headerRef = (name: string): Schema => ({ $ref: `#/components/headers/${name}` });

export function json(schema: Schema, description: string, headers: Schema = {}): Schema {
  return {
    description,
    headers: { 'X-Request-Id': headerRef('X-Request-Id'), ...headers },
    content: { 'application/json': { schema } },
  };
}

/** An error: never cached (`Cache-Control: no-store`). */
export function errorResponse(schemaName: string, description: string, headers: Schema = {}): Schema {
  return json({ $ref: `#/components/schemas/${schemaName}` }, description, {
    'Cache-Control': headerRef('NoStore'),
    ...headers,
  });
}

/**
 * The headers of an answer that holds the caller's key or usage (`api_key`, `rateLimit`): kept by
 * no cache, and never by a shared one (with the key in a header the URL is everyone's).
 */
export const privateAnswerHeaders: Schema = {
  'Cache-Control': headerRef('PrivateNoStore'),
  Vary: headerRef('VaryApiKey'),
};

interface KeyedOperation {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  category: Category;
  service: ServiceName;
  usage: string;
  parameters?: Schema[];
  /** Name of the 200 body schema in components. */
  body: string;
  errors?: Record<string, Schema>;
}

/** A GET that needs an API key, counts against `category` and is answered by `service`. */
export function keyedGet(op: KeyedOperation): Schema {
  return {
    get: {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      description: op.description,
      'x-rate-limit-category': op.category,
      'x-service': op.service,
      'x-usage': op.usage,
      parameters: op.parameters ?? [],
      responses: {
        // The edge's content answers get their own caching headers (content-caching.ts).
        '200': json({ $ref: `#/components/schemas/${op.body}` }, 'Success.', {
          RateLimit: headerRef('RateLimit'),
          'RateLimit-Policy': headerRef('RateLimit-Policy'),
          ...(op.service === 'calc' ? privateAnswerHeaders : {}),
        }),
        ...op.errors,
        '401': responseRef('Unauthorized'),
        '429': responseRef('TooManyRequests'),
        '503': responseRef('ServiceUnavailable'),
      },
    },
  };
}

/** The 400 of an endpoint that takes no query parameter but the key: one sent anyway. */
export const takesNoParameters = (schema: 'BadRequest' | 'NamesError'): Record<string, Schema> => ({
  '400': errorResponse(schema, 'A query parameter was sent; the endpoint takes none (but `api_key`).'),
});

export function pathParam(name: string, schema: Schema, description: string): Schema {
  return { name, in: 'path', required: true, description, schema };
}

export function queryParam(name: string, schema: Schema, description: string, required = false): Schema {
  return { name, in: 'query', required, description, schema };
}

export { headerRef, responseRef };
