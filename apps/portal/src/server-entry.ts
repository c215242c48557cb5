// The portal's server, built to dist/server/entry.mjs: Astro's standalone
// handler (static files, then pages) served through the shared serve() on
// PORTAL_PORT (timeouts, body limit, one graceful shutdown on SIGTERM/SIGINT).
// The adapter's own start would listen on PORT, which in this project is the
// public API's port.
import { loadConfigOrExit } from '@ira/core/config';
import { exitOnSignals, serve } from '@ira/core/serve';
import { createOriginStamp } from './lib/client-origin.ts';

const config = loadConfigOrExit();
// The adapter's documented switch for running its handler in our own server;
// set before the adapter module is evaluated, hence the dynamic import.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('@astrojs/node/server.js');

const stampOrigin = createOriginStamp(config.trustProxy);

try {
  const serving = await serve({
    name: 'portal',
    port: config.portalPort,
    handler: (req, res) => {
      stampOrigin(req);
      void handler(req, res);
    },
    limits: config,
  });
  exitOnSignals(serving, 'portal');
  console.log(`portal listening on port ${config.portalPort} (${config.portalUrl}), API at ${config.publicUrl}`);
} catch (error) {
  console.error(`portal: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
