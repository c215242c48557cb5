// The dashboard's try-it console: the portal SERVER calls the live API
// (config.publicUrl) with a key the user pasted, and shows status, headers and
// body. Only operations from the OpenAPI document can be called, and only on
// the configured API origin, so the form cannot be used to reach other hosts.
import type { OpenApiDocument } from '@ira/core/openapi/document';
import { operationsOf, type OperationView } from './operations.ts';

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

export type TryItRequest = { ok: true; url: string } | { ok: false; error: string };

/** Builds the request URL from the form values, checking required parameters. */
export function buildTryItUrl(publicUrl: string, operation: OperationView, values: Record<string, string>): TryItRequest {
  let path = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = (values[parameter.name] ?? '').trim();
    if (value === '') {
      if (parameter.required && parameter.in === 'path') return { ok: false, error: `Fill in ${parameter.name}.` };
      continue;
    }
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, encodeURIComponent(value));
    else query.set(parameter.name, value);
  }
  const search = query.size > 0 ? `?${query}` : '';
  return { ok: true, url: `${publicUrl}${path}${search}` };
}

export async function callApi(url: string, apiKey: string, fetchImpl: typeof fetch = fetch): Promise<TryItResult> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (apiKey !== '') headers['X-API-Key'] = apiKey;
  const response = await fetchImpl(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(TIMEOUT_MS) });
  const text = await response.text();
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as sent.
  }
  return {
    url,
    status: response.status,
    statusText: response.statusText,
    headers: [...response.headers.entries()],
    body: body.slice(0, MAX_SHOWN_BODY_CHARS),
    truncated: body.length > MAX_SHOWN_BODY_CHARS,
  };
}
