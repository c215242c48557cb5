// Sends one GET with the key, retries 429 and 503 as the options allow, and hands back
// the resource. Only what every runtime has: fetch, URL, URLSearchParams, setTimeout.
import { ApiError, errorFromResponse } from './api-error.ts';
import { ENDPOINTS, type OperationId } from './endpoints.ts';
import { unwrapBody } from './unwrap.ts';

export interface IslamicReferenceApiOptions {
  /** The deployment's public URL, with or without `/api/v1`: `https://api.example.org`. */
  baseUrl: string;
  /** Sent as the `X-API-Key` header. Keep it server-side: a key is a secret. */
  apiKey?: string;
  /** Times a 429 or 503 answer is retried after its `Retry-After` (default 0: never). */
  retries?: number;
  /** A longer `Retry-After` is not waited for: the ApiError is thrown at once (default 60). */
  maxRetryWaitSeconds?: number;
  /** Replaces the global fetch (a test double, a proxy agent, an instrumented fetch). */
  fetch?: FetchLike;
  /** Extra headers sent with every request, e.g. a `User-Agent` naming your app. */
  headers?: Record<string, string>;
}

/** A Retry-After longer than this is not waited for: the ApiError is thrown at once. */
export const DEFAULT_MAX_RETRY_WAIT_SECONDS = 60;
/** Without a Retry-After, retries wait 1 s, 2 s, 4 s, … (capped like Retry-After). */
const BACKOFF_START_MS = 1_000;
const RETRIED_STATUSES = new Set([429, 503]);

export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal?: AbortSignal },
) => Promise<Response>;

export interface CallOptions {
  /** Aborts the request and any wait between retries. */
  signal?: AbortSignal;
}

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

export type Send = (
  operationId: OperationId,
  pathValues: readonly (string | number)[],
  query: object | undefined,
  options: CallOptions | undefined,
) => Promise<unknown>;

/** The deployment's origin and prefix: `https://api.example.org`, `…/api/v1` and `…/api/v1/` are one base. */
export function normaliseBaseUrl(baseUrl: string): string {
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    throw new TypeError(`baseUrl must be an absolute http(s) URL such as https://api.example.org, got "${baseUrl}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`baseUrl must use http or https, got "${baseUrl}"`);
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
}

/** A path segment: encoded, but `:` kept so a verse key reads `2:255` (RFC 3986 allows it in a segment). */
function encodeSegment(value: string | number): string {
  return encodeURIComponent(String(value)).replace(/%3A/gi, ':');
}

export function buildUrl(base: string, template: string, pathValues: readonly (string | number)[], query?: object) {
  let index = 0;
  const path = template.replace(/\{[^}]+\}/g, () => encodeSegment(pathValues[index++] ?? ''));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value === undefined || value === null) continue;
    search.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const rest = search.toString();
  return `${base}${path}${rest === '' ? '' : `?${rest}`}`;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Milliseconds to wait before retry number `attempt` (0-based), or null: throw instead. */
function retryDelayMs(error: ApiError, attempt: number, retries: number, maxWaitSeconds: number): number | null {
  if (!RETRIED_STATUSES.has(error.status) || attempt >= retries) return null;
  if (error.retryAfter !== undefined) return error.retryAfter > maxWaitSeconds ? null : error.retryAfter * 1000;
  return Math.min(BACKOFF_START_MS * 2 ** attempt, maxWaitSeconds * 1000);
}

export function createTransport(options: IslamicReferenceApiOptions): Send {
  const base = normaliseBaseUrl(options.baseUrl);
  const retries = options.retries ?? 0;
  const maxWaitSeconds = options.maxRetryWaitSeconds ?? DEFAULT_MAX_RETRY_WAIT_SECONDS;
  if (!Number.isInteger(retries) || retries < 0) throw new RangeError(`retries must be a whole number ≥ 0`);
  if (!(maxWaitSeconds >= 0)) throw new RangeError(`maxRetryWaitSeconds must be a number ≥ 0`);
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey !== undefined && options.apiKey !== '') headers['X-API-Key'] = options.apiKey;

  // globalThis.fetch is read at each call (a polyfill installed later is used) and never
  // called as a method of another object (browsers throw "Illegal invocation").
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));

  return async function send(operationId, pathValues, query, callOptions) {
    const endpoint = ENDPOINTS[operationId];
    const url = buildUrl(base, endpoint.path, pathValues, query);
    const accept = endpoint.layout === 'text' ? 'text/calendar' : 'application/json';
    const init = {
      headers: { Accept: accept, ...headers },
      ...(callOptions?.signal ? { signal: callOptions.signal } : {}),
    };
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetchImpl(url, init);
      if (response.ok) {
        const body = endpoint.layout === 'text' ? await response.text() : await readJson(response, url);
        return unwrapBody(endpoint.layout, body, response.status, url);
      }
      const error = await errorFromResponse(response, url);
      const delay = retryDelayMs(error, attempt, retries, maxWaitSeconds);
      if (delay === null) throw error;
      await sleep(delay, callOptions?.signal);
    }
  };
}

async function readJson(response: Response, url: string): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError({ status: response.status, message: 'The response is not JSON.', body: text, url });
  }
}
