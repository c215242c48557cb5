// The one step that writes error bodies: an ApiError as it is, a dependency failure as a
// 503 with Retry-After, a Koa 4xx with its exposed message, anything else as a generic 500
// logged with the request id. Every error is `Cache-Control: no-store`.
import type { Middleware } from 'koa';
import { ApiError, httpError, reasonPhrase } from '../../contract/errors.ts';
import { DEPENDENCY_RETRY_AFTER_S, DependencyUnavailableError } from '../dependency-error.ts';
import { serviceLogger } from '../observe/logger.ts';
import { countDependencyError } from '../observe/metrics.ts';

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
      // An error is about this one request: no cache keeps it.
      ctx.set('Cache-Control', 'no-store');
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
