// The one error the SDK throws for an answer of the API: every 4xx and 5xx, and a
// success whose body is not the documented layout. Network failures (fetch's own
// TypeError, an AbortError) are not answers and reach the caller as they are.

/** An error answer of the API. `message` is the API's own sentence. */
export class ApiError extends Error {
  override name = 'ApiError';
  /** The HTTP status, e.g. 400, 401, 404, 429, 503. */
  readonly status: number;
  /** Seconds to wait before trying again, from `Retry-After` (sent with 429 and 503); else undefined. */
  readonly retryAfter: number | undefined;
  /** The parsed JSON body of the answer (its text when it is not JSON). */
  readonly body: unknown;
  /** The URL that was requested (the key travels in a header, never in it). */
  readonly url: string;

  constructor(init: { status: number; message: string; retryAfter?: number; body?: unknown; url: string }) {
    super(init.message);
    this.status = init.status;
    this.retryAfter = init.retryAfter;
    this.body = init.body;
    this.url = init.url;
  }
}

/**
 * `Retry-After` in seconds: a whole number of seconds or an HTTP date (RFC 9110 §10.2.3);
 * undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (!/ GMT$/.test(trimmed)) return undefined; // an HTTP date is always in GMT
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The API's sentence: `message` where the body has one, else `error` (the 99 Names and prayer-time 400s). */
function sentenceOf(body: unknown, response: Response): string {
  if (typeof body === 'object' && body !== null) {
    const fields = body as Record<string, unknown>;
    if (typeof fields.message === 'string') return fields.message;
    if (typeof fields.error === 'string') return fields.error;
  }
  return response.statusText === '' ? `HTTP ${response.status}` : `HTTP ${response.status} ${response.statusText}`;
}

/** Reads an error answer (its body is consumed) into an ApiError. */
export async function errorFromResponse(response: Response, url: string): Promise<ApiError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (a proxy's HTML page, say): kept as text
  }
  return new ApiError({
    status: response.status,
    message: sentenceOf(body, response),
    retryAfter: parseRetryAfter(response.headers.get('Retry-After')),
    body,
    url,
  });
}
