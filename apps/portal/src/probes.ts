// GET /healthz and /readyz on the portal, answered before Astro with the same
// meaning and bodies as the edge's and calc's (packages/core/src/runtime/health-routes.ts):
// healthz = the process lives; readyz = the account database and the session
// store answer, else 503 JSON with Retry-After. docs/reliability.md.
import type http from 'node:http';
import type { Readiness } from '@ira/core/runtime/readiness';
import { httpError } from '@ira/core/contract/errors';
import { writeError, writeJson } from '@ira/core/runtime/serve';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

/** Answers a probe and returns true, or returns false for every other request. */
export function createProbes(
  ready: () => Promise<Readiness>,
): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  return function answerProbe(req, res) {
    const path = (req.url ?? '/').split('?')[0]!;
    if (!PROBE_PATHS.has(path)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      writeError(res, httpError(405, `${req.method} is not allowed here (GET, HEAD).`, {}, { Allow: 'GET, HEAD' }));
    } else if (path === '/healthz') {
      writeJson(res, 200, { status: 'ok' }, { 'Cache-Control': 'no-store' });
    } else {
      void ready().then((readiness) => writeJson(res, readiness.status, readiness.body, readiness.headers));
    }
    return true;
  };
}
