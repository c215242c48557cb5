// What /readyz asks, for every service (the edge's and calc's Koa middleware in
// http.ts, the portal's server entry): each named dependency answers, or its name
// is listed. docs/reliability.md "Health for load balancers".
import { DEPENDENCY_RETRY_AFTER_S } from './dependency-error.ts';

/** Name → a probe that resolves when that dependency answers (each bounded by its client's timeout). */
export type ReadinessProbes = Readonly<Record<string, () => Promise<unknown>>>;

export interface Readiness {
  status: 200 | 503;
  headers: Record<string, string>;
  body: { status: 'ready' } | { status: 'unavailable'; unavailable: string[] };
}

/** A readiness answer says how things are now: never stored by a client or a proxy. */
const NO_STORE = { 'Cache-Control': 'no-store' } as const;

/**
 * The /readyz answer: 200 when every probe resolves, else 503 listing the names
 * of the dependencies that do not answer. Probes arriving while a check runs
 * share it, so a flood of probes costs one check.
 */
export function createReadinessCheck(probes: ReadinessProbes): () => Promise<Readiness> {
  let running: Promise<Readiness> | null = null;
  const check = async (): Promise<Readiness> => {
    const answers = Object.entries(probes).map(([name, probe]) =>
      probe().then(
        () => null,
        () => name,
      ),
    );
    const failing = (await Promise.all(answers)).filter((name): name is string => name !== null);
    if (failing.length === 0) return { status: 200, headers: { ...NO_STORE }, body: { status: 'ready' } };
    return {
      status: 503,
      headers: { ...NO_STORE, 'Retry-After': String(DEPENDENCY_RETRY_AFTER_S) },
      body: { status: 'unavailable', unavailable: failing },
    };
  };
  return () => (running ??= check().finally(() => (running = null)));
}
