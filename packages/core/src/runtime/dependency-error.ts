// What a request gets while PostgreSQL or Redis is down or hung: a 503 with
// Retry-After, never a 500 or a hang. Stores and limiters turn their driver's
// connection failures and timeouts into DependencyUnavailableError; the error
// middleware (errors.ts) writes it. See docs/reliability.md.

export type DependencyName = 'PostgreSQL' | 'Redis';

/**
 * A client should come back after about this long: long enough for a restart
 * or failover to finish, short enough that one blip costs little.
 */
export const DEPENDENCY_RETRY_AFTER_S = 5;

/** DEPENDENCY_TIMEOUT_MS's default: a healthy store answers in milliseconds. */
export const DEFAULT_DEPENDENCY_TIMEOUT_MS = 2000;

export class DependencyUnavailableError extends Error {
  override name = 'DependencyUnavailableError';
  readonly dependency: DependencyName;

  constructor(dependency: DependencyName, cause: unknown) {
    super(`${dependency} is unavailable: ${causeText(cause)}`, { cause });
    this.dependency = dependency;
  }
}

function causeText(cause: unknown): string {
  const message = cause instanceof Error ? cause.message : String(cause);
  return message.split('\n')[0] || (cause as { code?: string })?.code || 'unknown error';
}

/** Rethrows `error` as unavailability of `dependency` (already-translated errors pass through). */
export function asUnavailable(dependency: DependencyName, error: unknown): DependencyUnavailableError {
  return error instanceof DependencyUnavailableError ? error : new DependencyUnavailableError(dependency, error);
}
