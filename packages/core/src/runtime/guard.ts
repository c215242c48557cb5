// Where the 401 and the 429 are decided (docs/api-decisions.md "Authentication", "Rate limits").
// Order: verify the key (a failure is a 401, or a 429 once the address keeps failing)
// → count it against the key's limit for this category → headers and state → usage → the route.
// 401s never reach the limiter, so they do not count; 400/404 from the route do.
import type { Context, Middleware } from 'koa';
import type { Config } from './config.ts';
import type { LimitCategory, RateLimitInfo } from '../contract/envelope.ts';
import { unauthorized } from '../contract/errors.ts';
import { effectiveLimits } from './keys/effective-limits.ts';
import { createKeyVerifier } from './keys/key-verifier.ts';
import { createFailedAuthThrottle } from './rate-limit/failed-auth-throttle.ts';
import { createKeyRateLimit } from './rate-limit/key-rate-limit.ts';
import { setRateLimitHeaders } from './rate-limit/rate-limit-headers.ts';
import type { ServiceDeps } from './service-deps.ts';

/** `ctx.state.apiKey` after the guard. */
export interface VerifiedApiKey {
  id: string;
  /** The key exactly as the client sent it (prayer-time echoes it). */
  key: string;
  /** Effective per-window limits: the key's own, else the deployment defaults. */
  limits: Record<LimitCategory, number>;
}

export interface GuardState {
  apiKey: VerifiedApiKey;
  rateLimit: RateLimitInfo;
}

/** What the guard put on the request: the verified key and its rate limit (a route behind the guard). */
export function guardStateOf(ctx: Context): GuardState {
  const state = ctx.state as Partial<GuardState>;
  if (state.apiKey === undefined || state.rateLimit === undefined) {
    throw new Error('guardStateOf: the route runs without the guard in front of it');
  }
  return state as GuardState;
}

export interface GuardOptions {
  category: LimitCategory;
  config: Pick<Config, 'rateLimitWindowMs' | 'rateLimitGeneral' | 'rateLimitCalculation'>;
  deps: Pick<ServiceDeps, 'store' | 'redis' | 'usage'>;
  /** Tests shorten these; production uses the defaults. */
  keyCacheTtlMs?: number;
  rateLimitNamespace?: string;
  failedAuthLimit?: number;
  failedAuthWindowMs?: number;
}

/** Header wins over query; an empty or repeated value counts as missing. */
export function keyFromRequest(ctx: Context): string | null {
  const header = ctx.req.headers['x-api-key'];
  if (typeof header === 'string' && header !== '') return header;
  const query = ctx.query.api_key;
  return typeof query === 'string' && query !== '' ? query : null;
}

/** The guard of each limit category: one key cache and one 401 throttle for all of them. */
export type GuardFor = (category: LimitCategory) => Middleware;

export function createGuards(options: Omit<GuardOptions, 'category'>): GuardFor {
  const { config, deps } = options;
  const verifyKey = createKeyVerifier(deps.store, { cacheTtlMs: options.keyCacheTtlMs });
  const failedAuth = createFailedAuthThrottle({ limit: options.failedAuthLimit, windowMs: options.failedAuthWindowMs });
  const guards = new Map<LimitCategory, Middleware>();

  function guardOf(category: LimitCategory): Middleware {
    const applyRateLimit = createKeyRateLimit({
      category,
      windowMs: config.rateLimitWindowMs,
      redis: deps.redis,
      namespace: options.rateLimitNamespace,
    });
    return async function guard(ctx, next) {
      const sent = keyFromRequest(ctx);
      const record = sent === null ? null : await verifyKey(sent);
      if (sent === null || record === null) {
        failedAuth.assertAllowed(ctx.ip, category);
        failedAuth.recordFailure(ctx.ip);
        throw unauthorized();
      }
      const limits = effectiveLimits(record.limits, config);
      const decision = await applyRateLimit(ctx, record.id, limits[category]);
      setRateLimitHeaders(ctx, decision, config.rateLimitWindowMs);
      ctx.state.apiKey = { id: record.id, key: sent, limits } satisfies VerifiedApiKey;
      ctx.state.rateLimit = decision.info;
      // A key never used before: its first request is written before the route runs, so the
      // dashboard's "Last used" shows it at once; later ones are counted and written in batches.
      if (record.lastUsedAt === null) await deps.usage.countFirstUse(record.id, category);
      else deps.usage.count(record.id, category);
      return next();
    };
  }

  return (category) => {
    let guard = guards.get(category);
    if (guard === undefined) guards.set(category, (guard = guardOf(category)));
    return guard;
  };
}

/** The guard of one category (a service whose every endpoint shares it, and tests). */
export function createGuard(options: GuardOptions): Middleware {
  return createGuards(options)(options.category);
}
