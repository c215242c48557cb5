// Records one real request and response per operation of the OpenAPI
// document from a running API, for the reference's "Example" panels. Values
// that change per deployment are replaced by placeholders the portal fills in
// at render time: the API origin by PUBLIC_URL_TOKEN, the key by KEY_TOKEN.
import { operationsOf, examplePath, type OperationView } from '../src/lib/operations.ts';
import type { OpenApiDocument } from '@ira/core/contract/openapi/document';
import { KEY_TOKEN, PUBLIC_URL_TOKEN, type RecordedExample } from '../src/lib/example-tokens.ts';

/** Response headers worth showing next to an example. */
const SHOWN_HEADERS = ['content-type', 'ratelimit', 'ratelimit-policy', 'location', 'content-length', 'accept-ranges'];
/** Arrays are cut to this many items for display (a whole surah is long). */
const MAX_SHOWN_ITEMS = 2;
/** Bodies still longer than this (the OpenAPI document itself) end with a "…" line. */
const MAX_SHOWN_CHARS = 4000;

export interface RecordedCall {
  operation: OperationView;
  pathAndQuery: string;
  status: number;
  headers: Headers;
  /** Parsed JSON, or null for other bodies. */
  json: unknown;
  /** The body of a text answer that is not JSON (e.g. text/calendar), else null. */
  text: string | null;
  bytes: number;
}

function cutArrays(value: unknown): { value: unknown; cut: boolean } {
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_SHOWN_ITEMS).map((item) => cutArrays(item));
    return {
      value: items.map((item) => item.value),
      cut: value.length > MAX_SHOWN_ITEMS || items.some((item) => item.cut),
    };
  }
  if (typeof value !== 'object' || value === null) return { value, cut: false };
  let cut = false;
  const entries = Object.entries(value).map(([name, child]) => {
    const result = cutArrays(child);
    cut ||= result.cut;
    return [name, result.value];
  });
  return { value: Object.fromEntries(entries), cut };
}

/** Every string in a JSON value (to find signed links other operations need). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

function templatePattern(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/?]+');
  return new RegExp(`^${escaped}(\\?.*)?$`);
}

/**
 * The request for an operation: its example path, or (for operations whose
 * parameters are not plain examples, like signed audio links) a link of that
 * shape found in an earlier recorded body.
 */
function requestFor(operation: OperationView, publicUrl: string, earlier: RecordedCall[]): string {
  const needsLink = operation.parameters.some((parameter) => parameter.required && parameter.example === '');
  if (!needsLink) return examplePath(operation);
  const pattern = templatePattern(operation.path);
  for (const call of earlier) {
    for (const text of stringsIn(call.json)) {
      if (!text.startsWith(publicUrl)) continue;
      const candidate = text.slice(publicUrl.length);
      if (pattern.test(candidate)) return candidate;
    }
  }
  return examplePath(operation);
}

async function call(
  operation: OperationView,
  publicUrl: string,
  pathAndQuery: string,
  key: string,
): Promise<RecordedCall> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (operation.keyed) headers['X-API-Key'] = key;
  const response = await fetch(`${publicUrl}${pathAndQuery}`, { headers, redirect: 'manual' });
  const buffer = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const isJson = type.includes('json');
  const isText = !isJson && type.startsWith('text/');
  return {
    operation,
    pathAndQuery,
    status: response.status,
    headers: response.headers,
    json: isJson ? JSON.parse(buffer.toString('utf8')) : null,
    text: isText ? buffer.toString('utf8') : null,
    bytes: buffer.length,
  };
}

/** Calls every operation once (operations needing a link from another answer go last). */
export async function recordCalls(document: OpenApiDocument, publicUrl: string, key: string): Promise<RecordedCall[]> {
  const operations = operationsOf(document);
  const needsLink = (operation: OperationView) =>
    operation.parameters.some((parameter) => parameter.required && parameter.example === '');
  const calls: RecordedCall[] = [];
  for (const operation of [...operations.filter((item) => !needsLink(item)), ...operations.filter(needsLink)]) {
    calls.push(await call(operation, publicUrl, requestFor(operation, publicUrl, calls), key));
  }
  return calls;
}

/** What the portal keeps of a call: placeholders for origin and key, arrays cut for display. */
export function toRecordedExample(recorded: RecordedCall, publicUrl: string, key: string): RecordedExample {
  const { value, cut } = cutArrays(recorded.json);
  const mask = (text: string) => text.replaceAll(publicUrl, PUBLIC_URL_TOKEN).replaceAll(key, KEY_TOKEN);
  const binary = `(${recorded.headers.get('content-type') ?? 'no body'}, ${recorded.bytes} bytes)`;
  const full = recorded.json !== null ? JSON.stringify(value, null, 2) : (recorded.text ?? binary);
  const body = full.length > MAX_SHOWN_CHARS ? `${full.slice(0, full.lastIndexOf('\n', MAX_SHOWN_CHARS))}\n…` : full;
  return {
    request: mask(recorded.pathAndQuery),
    status: recorded.status,
    headers: SHOWN_HEADERS.flatMap((name) => {
      const header = recorded.headers.get(name);
      return header === null ? [] : [[name, mask(header)] as [string, string]];
    }),
    body: mask(body),
    shortened: cut || body !== full,
  };
}
