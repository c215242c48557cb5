// The dashboard's try-it console: the portal SERVER calls the live API
// (config.publicUrl) with a key the user pasted and shows the raw answer (status,
// headers, body: what the SDK would unwrap) with the key masked. Only
// operations from the OpenAPI document can be called, and only on the
// configured API origin, so the form cannot be used to reach other hosts.
import { DISPLAY_START_LENGTH } from '@ira/core/runtime/keys/api-key';
import type { OpenApiDocument } from '@ira/core/contract/openapi/document';
import { operationsOf, type OperationView } from './operations.ts';
import { fillPath } from './path-segment.ts';

const TIMEOUT_MS = 10_000;
/** Larger bodies (a whole long surah) are cut for display. */
const MAX_SHOWN_BODY_CHARS = 200_000;

export interface TryItResult {
  url: string;
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  truncated: boolean;
}

/** Operations the console offers: every keyless-or-keyed JSON GET (signed audio needs a signature, not a key). */
export function tryItOperations(document: OpenApiDocument): OperationView[] {
  return operationsOf(document).filter((operation) => operation.tag !== 'Audio');
}

export interface TryItParams {
  path: Record<string, string>;
  query: Record<string, string>;
}
export type TryItRequest = { ok: true; url: string; params: TryItParams } | { ok: false; error: string };

/**
 * Builds the request (URL for display, parameters for the client) from the form values, checking required path
 * parameters.
 */
export function buildTryItUrl(
  publicUrl: string,
  operation: OperationView,
  values: Record<string, string>,
): TryItRequest {
  const params: TryItParams = { path: {}, query: {} };
  for (const parameter of operation.parameters) {
    const value = (values[parameter.name] ?? '').trim();
    if (value === '') {
      if (parameter.required && parameter.in === 'path') return { ok: false, error: `Fill in ${parameter.name}.` };
      continue;
    }
    if (parameter.in === 'path') params.path[parameter.name] = value;
    else params.query[parameter.name] = value;
  }
  const path = fillPath(operation.path, params.path);
  const query = new URLSearchParams(params.query);
  const search = query.size > 0 ? `?${query}` : '';
  return { ok: true, url: `${publicUrl}${path}${search}`, params };
}

/** How a key is shown in the console: its display start, the rest hidden. */
export function maskKey(apiKey: string): string {
  return `${apiKey.slice(0, DISPLAY_START_LENGTH)}…`;
}

/** The result with the key replaced by its mask wherever it appears (echoed api_key, url, headers). */
export function maskResult(result: TryItResult, apiKey: string): TryItResult {
  if (apiKey === '') return result;
  const mask = (text: string) =>
    text.replaceAll(apiKey, maskKey(apiKey)).replaceAll(encodeURIComponent(apiKey), maskKey(apiKey));
  return {
    ...result,
    url: mask(result.url),
    headers: result.headers.map(([name, value]) => [name, mask(value)]),
    body: mask(result.body),
  };
}

function pretty(raw: unknown): string {
  if (raw === undefined) return '';
  if (typeof raw !== 'string') return JSON.stringify(raw, null, 2);
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw; // not JSON: shown as sent
  }
}

/** Calls the operation with the key in X-API-Key; the answer is returned with the key masked. */
export async function callApi(
  publicUrl: string,
  operation: OperationView,
  params: TryItParams,
  apiKey: string,
  fetchImpl: typeof fetch = fetch,
): Promise<TryItResult> {
  const request = buildTryItUrl(publicUrl, operation, { ...params.path, ...params.query });
  if (!request.ok) throw new Error(request.error);
  const response = await fetchImpl(
    new Request(request.url, {
      headers: apiKey !== '' ? { 'X-API-Key': apiKey } : {},
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }),
  );
  const body = pretty(await response.text());
  const result: TryItResult = {
    url: request.url,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body: body.slice(0, MAX_SHOWN_BODY_CHARS),
    truncated: body.length > MAX_SHOWN_BODY_CHARS,
  };
  return maskResult(result, apiKey);
}
