// Types for koa-ratelimit 6's two counting drivers, which its middleware builds per
// request (the package's own types cover only the middleware).

interface KoaRatelimitCount {
  /** Requests left before this one was counted (0 = over the limit). */
  remaining: number;
  /** Epoch seconds: memory = window end; redis = when the oldest counted request leaves, rounded down. */
  reset: number;
  total: number;
}

interface KoaRatelimitLimiterOptions {
  id: string;
  db: unknown;
  max: number;
  duration: number;
  namespace: string;
}

declare module 'koa-ratelimit/limiter/memory.js' {
  export default class MemoryLimiter {
    constructor(options: KoaRatelimitLimiterOptions);
    get(): Promise<KoaRatelimitCount>;
  }
}

declare module 'koa-ratelimit/limiter/redis.js' {
  export default class RedisLimiter {
    constructor(options: KoaRatelimitLimiterOptions);
    get(): Promise<KoaRatelimitCount>;
  }
}
