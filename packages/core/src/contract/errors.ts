// Every error body the API writes is decided here (STYLE §4): routes throw an
// ApiError carrying the exact body the contract demands; anything else is a 500.
import { STATUS_CODES } from 'node:http';
import type { Middleware } from 'koa';
import { DEPENDENCY_RETRY_AFTER_S, DependencyUnavailableError } from '../runtime/dependency-error.ts';
import { serviceLogger } from '../runtime/observe/logger.ts';
import { countDependencyError } from '../runtime/observe/metrics.ts';

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

/** The spec's 401 body, identical on every endpoint. */
export function unauthorized(): ApiError {
  return new ApiError(401, { success: false, error: 'Unauthorized', message: 'Invalid or missing API key.' });
}

interface Logger {
  error(message: string, detail?: unknown): void;
}

const defaultLogger = serviceLogger('api');
/** JSON log lines through pino: the message, and the error (with its stack) as `err`. */
const jsonLogger: Logger = {
  error: (message, detail) => defaultLogger.error(detail === undefined ? {} : { err: detail }, message),
};

/** Writes every error body; unknown errors become a generic 500 and are logged with the request id. */
export function createErrorHandler(logger: Logger = jsonLogger): Middleware {
  return async function errorHandler(ctx, next) {
    try {
      await next();
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status >= 500) {
        // An ApiError 5xx is an expected outcome (e.g. 502): one line; anything else gets its stack.
        const expected = error instanceof ApiError || error instanceof DependencyUnavailableError;
        const detail = expected ? (error as Error).message : error;
        logger.error(`request ${String(ctx.state.requestId ?? '-')} failed: ${ctx.method} ${ctx.path}`, detail);
      }
      ctx.status = apiError.status;
      ctx.set(apiError.headers);
      ctx.body = apiError.body;
    }
  };
}

/** 503 + Retry-After: a dependency is down or hung; the request may be retried. */
export function serviceUnavailable(dependency: string): ApiError {
  return httpError(
    503,
    `A service this API depends on (${dependency}) is unavailable; retry in ${DEPENDENCY_RETRY_AFTER_S} s.`,
    {},
    { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_S) },
  );
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (countDependencyError(error)) return serviceUnavailable(error.dependency);
  // Errors Koa itself raises (ctx.throw, bad request framing) carry a status and
  // `expose` for 4xx; their message is safe to show, nothing else is.
  const status = (error as { status?: unknown })?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const exposed = (error as { expose?: boolean }).expose ? (error as Error).message : reasonPhrase(status);
    return httpError(status, exposed, {}, (error as { headers?: Record<string, string> }).headers ?? {});
  }
  return httpError(500, 'The server could not complete the request. Please try again.');
}
