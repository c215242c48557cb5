// What /readyz asks, for every service (the edge's and calc's Koa middleware in
// http.ts, the portal's server entry): each named dependency answers, or its name
// is listed. docs/reliability.md "Health for load balancers".
import { DEPENDENCY_RETRY_AFTER_S } from './dependency-error.ts';

/** Name → a probe that resolves when that dependency answers (each bounded by its client's timeout). */
export type ReadinessProbes = Readonly<Record<string, (() => Promise<unknown>) | null>>;

export interface Readiness {
  status: 200 | 503;
  headers: Record<string, string>;
  body: { status: 'ready' } | { status: 'unavailable'; unavailable: string[] };
}

/**
 * The names of the dependencies that do not answer. Probes arriving while a
 * check runs share it, so a flood of probes costs one check.
 */
export function createReadinessCheck(probes: ReadinessProbes): () => Promise<Readiness> {
  let running: Promise<Readiness> | null = null;
  const check = async (): Promise<Readiness> => {
    const answers = Object.entries(probes).map(([name, probe]) => (probe === null ? null : probe().then(() => null, () => name)));
    const failing = (await Promise.all(answers)).filter((name): name is string => name !== null);
    if (failing.length === 0) return { status: 200, headers: { 'Cache-Control': 'no-store' }, body: { status: 'ready' } };
    return {
      status: 503,
      headers: { 'Cache-Control': 'no-store', 'Retry-After': String(DEPENDENCY_RETRY_AFTER_S) },
      body: { status: 'unavailable', unavailable: failing },
    };
  };
  return () => (running ??= check().finally(() => (running = null)));
}
