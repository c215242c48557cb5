// Prometheus metrics (prom-client), served by serve() on a port of their own
// (METRICS_PORT, CALC_METRICS_PORT, PORTAL_METRICS_PORT; off when unset and
// bound to loopback), never on the public port. Labels are bounded: routes are
// the router's patterns, never raw paths.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { DependencyUnavailableError } from '../dependency-error.ts';

export const registry = new Registry();

export const httpRequests = new Counter({
  name: 'ira_http_requests_total',
  help: 'Requests answered, by service, route pattern, method and status.',
  labelNames: ['service', 'route', 'method', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'ira_http_request_duration_seconds',
  help: 'Time to answer, by service, route pattern and status.',
  labelNames: ['service', 'route', 'status'] as const,
  // 1 ms to 10 s: the edge answers precomputed bytes in ~1 ms, a stalled dependency takes DEPENDENCY_TIMEOUT_MS.
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const rateLimitRejections = new Counter({
  name: 'ira_rate_limit_rejections_total',
  help: '429s given, by limit category (key quota) or "unauthenticated" (repeated invalid keys).',
  labelNames: ['category'] as const,
  registers: [registry],
});

export const dependencyErrors = new Counter({
  name: 'ira_dependency_errors_total',
  help: 'Requests answered 503, and usage writes that failed, because PostgreSQL or Redis was down or too slow.',
  labelNames: ['dependency'] as const,
  registers: [registry],
});

/** Counts `error` in dependencyErrors when it is a dependency failure; says whether it was. */
export function countDependencyError(error: unknown): error is DependencyUnavailableError {
  if (!(error instanceof DependencyUnavailableError)) return false;
  dependencyErrors.inc({ dependency: error.dependency });
  return true;
}

// Hits come with nearly every request: a plain tally, handed to the counter when it is read
// (a labelled inc() per request was ~1% of the edge's CPU answering one Name).
let unreportedKeyCacheHits = 0;

export const keyCacheLookups = new Counter({
  name: 'ira_key_cache_lookups_total',
  help: 'API key verifications, by whether the key cache answered (hit) or the store was asked (miss).',
  labelNames: ['result'] as const,
  registers: [registry],
  collect() {
    if (unreportedKeyCacheHits === 0) return;
    this.inc({ result: 'hit' }, unreportedKeyCacheHits);
    unreportedKeyCacheHits = 0;
  },
});

/** One key verification the key cache answered (keyCacheLookups, result="hit"). */
export function countKeyCacheHit(): void {
  unreportedKeyCacheHits += 1;
}

// Cache hits come with every cached audio read: tallied like key cache hits.
let unreportedAudioCacheHits = 0;

export const audioCacheLookups = new Counter({
  name: 'ira_audio_cache_lookups_total',
  help: 'Proxied audio reads, by whether the disk cache had the file (hit) or the upstream was needed (miss).',
  labelNames: ['result'] as const,
  registers: [registry],
  collect() {
    if (unreportedAudioCacheHits === 0) return;
    this.inc({ result: 'hit' }, unreportedAudioCacheHits);
    unreportedAudioCacheHits = 0;
  },
});

/** One proxied audio read the disk cache answered (audioCacheLookups, result="hit"). */
export function countAudioCacheHit(): void {
  unreportedAudioCacheHits += 1;
}

export const audioUpstreamBytes = new Counter({
  name: 'ira_audio_upstream_bytes_total',
  help: 'Audio bytes received from the upstream (the files of fetches that completed or failed part way).',
  registers: [registry],
});

export const audioUpstreamErrors = new Counter({
  name: 'ira_audio_upstream_errors_total',
  help: 'Upstream audio fetches that failed: timeout, not_found, bad_status (5xx or other), unreachable, bad_body.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

let defaultsCollected = false;

/** Process metrics (CPU, memory, event loop lag, file descriptors), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: registry, prefix: 'ira_' });
}
