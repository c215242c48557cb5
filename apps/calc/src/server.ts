// Starts the calc service on CALC_PORT through the shared serve() (timeouts,
// limits, one graceful shutdown on SIGTERM/SIGINT: drain, flush usage, close).
import { loadConfigOrExit } from '@ira/core/config';
import { exitOnSignals, serve } from '@ira/core/serve';
import { openServiceDeps } from '@ira/core/service-deps';
import { createApp } from './app.ts';

const config = loadConfigOrExit();
try {
  const deps = await openServiceDeps(config);
  const app = createApp(config, deps);
  const serving = await serve({ name: 'calc', port: config.calcPort, handler: app.callback(), limits: config, close: () => deps.close() });
  exitOnSignals(serving, 'calc');
  console.log(`calc listening on http://localhost:${config.calcPort} (prayer-time, qibla)`);
} catch (error) {
  console.error(`calc: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
