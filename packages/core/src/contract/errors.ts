// Every error body the API writes is decided here (STYLE §4): routes throw an ApiError
// carrying the exact body the contract demands; the error handler
// (runtime/middleware/error-handler.ts) writes it, and makes anything else a 500.
import { STATUS_CODES } from 'node:http';

export type ErrorBody = Record<string, unknown>;

export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    // An answer to the client, not a fault: its stack is never logged nor shown, and
    // capturing one was ~5% of the edge's CPU answering a storm of 429s.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(typeof body.message === 'string' ? body.message : String(body.error));
    Error.stackTraceLimit = stackTraceLimit;
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function reasonPhrase(status: number): string {
  return STATUS_CODES[status] ?? 'Error';
}

/** The generic shape for errors the spec does not spell out (docs/api-decisions.md). */
export function httpError(
  status: number,
  message: string,
  extra: ErrorBody = {},
  headers: Record<string, string> = {},
): ApiError {
  return new ApiError(status, { success: false, error: reasonPhrase(status), message, ...extra }, headers);
}

export const badRequest = (message: string): ApiError => httpError(400, message);
export const notFound = (message: string): ApiError => httpError(404, message);
/** The spec's 400 of prayer times and the calendars: `{ error }`. */
export const prayerTimeError = (sentence: string): ApiError => new ApiError(400, { error: sentence });
/** The spec's 400 of the 99 Names: `{ success: false, error }`. */
export const namesError = (sentence: string): ApiError => new ApiError(400, { success: false, error: sentence });

/** The spec's 401 body, identical on every endpoint. */
export function unauthorized(): ApiError {
  return new ApiError(401, { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' });
}
