// A typed client for the Islamic Reference API: openapi-fetch over the types
// openapi-typescript generates from the API's OpenAPI document (src/schema.ts,
// written by `npm run generate -w @ira/client`; the build and typecheck run it).
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema.ts';

export type { components, operations, paths } from './schema.ts';
export { ApiResponseError, expectData, unwrapLayout, type Unwrapped } from './unwrap.ts';

export type IraClient = Client<paths>;

export interface IraClientOptions {
  /** The deployment's public URL, e.g. http://localhost:3000 (no /api/v1). */
  baseUrl: string;
  /** Sent as X-API-Key (the header keeps the key out of URLs and logs). */
  apiKey?: string;
  /** Defaults to the global fetch; tests pass their own. */
  fetch?: (input: Request) => Promise<Response>;
}

/** A client whose paths, parameters and bodies are checked against the OpenAPI document. */
export function createIraClient(options: IraClientOptions): IraClient {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
