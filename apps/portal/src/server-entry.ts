// The portal's server, built to dist/server/entry.mjs: Astro's standalone
// handler (static files, then pages; GET, HEAD and POST only) served through the shared serve() on
// PORTAL_PORT (timeouts, body limit, one graceful shutdown on SIGTERM/SIGINT
// that closes the account database and the session store), with /healthz and
// /readyz answered before Astro.
// The adapter's own start would listen on PORT, which in this project is the
// public API's port.
import { loadConfigOrExit } from '@ira/core/runtime/config';
import { requestIdFor } from '@ira/core/runtime/middleware/request-id';
import { annotate } from '@ira/core/runtime/observe/annotations';
import { serviceLogger, setLogLevel } from '@ira/core/runtime/observe/logger';
import { exitOnSignals, serve } from '@ira/core/runtime/serve';
import { createOriginStamp } from './lib/client-origin.ts';
import { portalStores } from './lib/store.ts';
import { createPortalDeps } from './portal-deps.ts';
import { refuseOtherMethods } from './page-methods.ts';
import { createProbes } from './probes.ts';
import { sessionStorage } from './session-driver.ts';

const config = loadConfigOrExit();
// The adapter's documented switch for running its handler in our own server;
// set before the adapter module is evaluated, hence the dynamic import.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('@astrojs/node/server.js');

setLogLevel(config.logLevel);
const log = serviceLogger('portal');
const stampOrigin = createOriginStamp(config.trustProxy);
const deps = createPortalDeps(portalStores, sessionStorage());
const answerProbe = createProbes(deps.ready);
// Metrics labels: the portal's few page families, never raw paths.
const ROUTES = new Set(['', 'docs', 'dashboard', 'signin', 'signup', 'signout', '_astro', 'healthz', 'readyz']);
const routeOf = (url = '/') => {
  const first = url.split(/[/?]/)[1] ?? '';
  return ROUTES.has(first) ? `/${first}` : 'other';
};

try {
  const serving = await serve({
    name: 'portal',
    port: config.portalPort,
    host: config.portalHost ?? undefined,
    handler: (req, res) => {
      stampOrigin(req);
      // Every answer carries X-Request-Id, as the API's do, and its access line names it.
      const requestId = requestIdFor(req.headers['x-request-id']);
      res.setHeader('X-Request-Id', requestId);
      annotate(res, { requestId, route: routeOf(req.url), client: String(req.headers['x-ira-client-address']) });
      if (!answerProbe(req, res) && !refuseOtherMethods(req, res)) void handler(req, res);
    },
    limits: config,
    close: deps.close,
    metricsPort: config.portalMetricsPort,
    metricsHost: config.metricsHost,
  });
  exitOnSignals(serving, 'portal');
  log.info(
    `portal listening on port ${config.portalPort} (${config.portalUrl}), API at ${config.publicUrl}; ` +
      `metrics ${serving.metricsPort ?? 'off'}`,
  );
} catch (error) {
  log.fatal(`portal: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
