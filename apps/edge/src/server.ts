// Starts the edge: opens its dependencies (src/open-edge.ts), then listens
// through the shared serve() (timeouts, limits, one graceful shutdown on
// SIGTERM/SIGINT that drains, then flushes usage and closes the stores).
import { loadConfigOrExit } from '@ira/core/runtime/config';
import { serviceLogger, setLogLevel } from '@ira/core/runtime/observe/logger';
import { exitOnSignals, serve } from '@ira/core/runtime/serve';
import { openEdge } from './open-edge.ts';

const config = loadConfigOrExit();
setLogLevel(config.logLevel);
const log = serviceLogger('edge');
try {
  const edge = await openEdge(config);
  const serving = await serve({
    name: 'edge',
    port: config.port,
    host: config.host ?? undefined,
    handler: edge.app.callback(),
    limits: config,
    close: edge.close,
    metricsPort: config.metricsPort,
    metricsHost: config.metricsHost,
  });
  exitOnSignals(serving, 'edge');
  log.info(
    `edge: listening on ${config.publicUrl} (content from ${edge.location}, calc at ${config.calcUrl}; ` +
      `metrics ${serving.metricsPort ?? 'off'})`,
  );
} catch (error) {
  log.fatal(`edge: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
