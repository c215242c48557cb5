// Helpers for the two response layouts. Prayer time and Qibla answer either
// `wrapped` ({ status, ok, url, data }) or `flat` (the body itself), as the
// deployment's RESPONSE_LAYOUT says; names and Quran always use one envelope.
// unwrapLayout gives the same object for both, so code works on any deployment.

/** The body without the wrapped layout's `{ status, ok, url, data }` shell. */
export type Unwrapped<T> = T extends { status: number; ok: boolean; url: string; data: infer D } ? D : T;

function isWrapped(body: unknown): body is { status: number; ok: boolean; url: string; data: unknown } {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return (
    typeof candidate.status === 'number' &&
    typeof candidate.ok === 'boolean' &&
    typeof candidate.url === 'string' &&
    'data' in candidate
  );
}

/** Returns `data` of a wrapped body, or a flat body as it is. */
export function unwrapLayout<T>(body: T): Unwrapped<T> {
  return (isWrapped(body) ? body.data : body) as Unwrapped<T>;
}

/** An error answer of the API: status plus the body's `message` or `error` sentence. */
export class ApiResponseError extends Error {
  override name = 'ApiResponseError';
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const detail =
      typeof fields.message === 'string'
        ? fields.message
        : typeof fields.error === 'string'
          ? fields.error
          : 'no error body';
    super(`${status}: ${detail}`);
    this.status = status;
    this.body = body;
  }
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The success body of an openapi-fetch result, unwrapped from either layout;
 * throws ApiResponseError (status + the API's sentence) for an error answer.
 */
export function expectData<T>(result: FetchResult<T>): Unwrapped<T> {
  if (result.data === undefined) throw new ApiResponseError(result.response.status, result.error);
  return unwrapLayout(result.data);
}
