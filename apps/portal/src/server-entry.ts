// The portal's server, built to dist/server/entry.mjs: Astro's standalone
// handler (static files, then pages) listening on PORTAL_PORT from the shared
// config. The adapter's own start would listen on PORT, which in this project
// is the public API's port.
import http from 'node:http';
import { loadConfigOrExit } from '@ira/core/config';

const SHUTDOWN_GRACE_MS = 5000;

const config = loadConfigOrExit();
// The adapter's documented switch for running its handler in our own server;
// set before the adapter module is evaluated, hence the dynamic import.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
const { handler } = await import('@astrojs/node/server.js');

const server = http.createServer((request, response) => void handler(request, response));
server.listen(config.portalPort, () => {
  console.log(`portal listening on port ${config.portalPort} (${config.portalUrl}), API at ${config.publicUrl}`);
});

function shutdown(): void {
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), SHUTDOWN_GRACE_MS).unref();
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
