// Starts the calc service on CALC_PORT; stops cleanly on SIGINT/SIGTERM.
import http from 'node:http';
import { loadConfigOrExit } from '@ira/core/config';
import { openServiceDeps, ServiceStartError } from '@ira/core/service-deps';
import { createApp } from './app.ts';

const config = loadConfigOrExit();
const deps = await openServiceDeps(config).catch((error: unknown) => {
  if (!(error instanceof ServiceStartError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const server = http.createServer(createApp(config, deps).callback());

server.listen(config.calcPort, () => {
  console.log(`calc listening on http://localhost:${config.calcPort} (prayer-time, qibla)`);
});

// In-flight requests get this long to finish before their connections are cut.
const SHUTDOWN_GRACE_MS = 10_000;

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`calc: ${signal}, closing`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
  await closed;
  await deps.close();
  process.exit(0);
}

process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
