// Starts the edge: config, content tree, media listing, key store, then listen
// through the shared serve() (timeouts, limits, one graceful shutdown on
// SIGTERM/SIGINT that drains, then flushes usage and closes the stores).
import { loadConfigOrExit, type Config } from '@ira/core/config';
import { serviceLogger, setLogLevel } from '@ira/core/observe/logger';
import { exitOnSignals, serve } from '@ira/core/serve';
import { openServiceDeps } from '@ira/core/service-deps';
import { createApp } from './app.ts';
import { openMediaCatalog } from './audio/media-catalog.ts';
import { loadSigningSecret } from './audio/secret.ts';
import { createUrlSigner } from './audio/url-signer.ts';
import { loadNames } from './content/names-content.ts';
import { loadQuran } from './content/quran-content.ts';
import { openContentSource } from './content/source.ts';
import { createCalcForward } from './routes/calc-forward.ts';

/** Everything the edge opens at start, and how to close it again. */
async function openEdge(config: Config) {
  const source = await openContentSource(config);
  const [names, quran, secret] = await Promise.all([loadNames(source), loadQuran(source), loadSigningSecret(config)]);
  const localDirs = quran.reciters.flatMap((r) => (r.source.type === 'local' ? [r.source.dir] : []));
  const media = await openMediaCatalog(config.mediaDir, localDirs);
  const signer = createUrlSigner({ secret, origin: config.mediaOrigin, lifetimeS: config.mediaExpiredTimeS });
  const calc = createCalcForward(config.calcUrl);
  const service = await openServiceDeps(config);
  const app = createApp(config, { service, names, quran, media, signer, calc });
  const close = async () => {
    media.close();
    calc.close();
    await service.close();
  };
  return { app, close, location: source.location };
}

const config = loadConfigOrExit();
setLogLevel(config.logLevel);
const log = serviceLogger('edge');
try {
  const edge = await openEdge(config);
  const serving = await serve({
    name: 'edge',
    port: config.port,
    handler: edge.app.callback(),
    limits: config,
    close: edge.close,
    metricsPort: config.metricsPort,
    metricsHost: config.metricsHost,
  });
  exitOnSignals(serving, 'edge');
  log.info(`edge: listening on ${config.publicUrl} (content from ${edge.location}, calc at ${config.calcUrl}; metrics ${serving.metricsPort ?? 'off'})`);
} catch (error) {
  log.fatal(`edge: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
