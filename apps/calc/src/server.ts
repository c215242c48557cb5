// Starts the calc service on CALC_HOST:CALC_PORT through the shared serve() (timeouts,
// limits, one graceful shutdown on SIGTERM/SIGINT: drain, flush usage, close).
import { PLACES_PATH } from '@ira/core/contract/content-format';
import { loadConfigOrExit } from '@ira/core/runtime/config';
import { openContentSource } from '@ira/core/runtime/content-source';
import { serviceLogger, setLogLevel } from '@ira/core/runtime/observe/logger';
import { exitOnSignals, serve } from '@ira/core/runtime/serve';
import { openServiceDeps } from '@ira/core/runtime/service-deps';
import { createApp } from './app.ts';
import { createPlaceIndex } from './places/place-index.ts';

const config = loadConfigOrExit();
setLogLevel(config.logLevel);
const log = serviceLogger('calc');
try {
  // The gazetteer from the content tree (CONTENT_DIR or CONTENT_ORIGIN), checked against its manifest.
  const content = await openContentSource(config);
  const places = createPlaceIndex(await content.read(PLACES_PATH));
  const deps = await openServiceDeps(config);
  const app = createApp(config, deps, { places });
  const serving = await serve({
    name: 'calc',
    port: config.calcPort,
    host: config.calcHost ?? undefined,
    handler: app.callback(),
    limits: config,
    close: () => deps.close(),
    metricsPort: config.calcMetricsPort,
    metricsHost: config.metricsHost,
  });
  exitOnSignals(serving, 'calc');
  log.info(
    `calc listening on ${config.calcHost ?? 'every interface'}, port ${config.calcPort} ` +
      `(metrics ${serving.metricsPort ?? 'off'})`,
  );
} catch (error) {
  log.fatal(`calc: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
