// Starts the edge: config, key store, content tree, media listing, then listen.
// SIGINT/SIGTERM close the server and the connections, then exit 0.
import type { Server } from 'node:http';
import { loadConfigOrExit, type Config } from '@ira/core/config';
import { openServiceDeps } from '@ira/core/service-deps';
import { createApp } from './app.ts';
import { openMediaCatalog } from './audio/media-catalog.ts';
import { loadSigningSecret } from './audio/secret.ts';
import { createUrlSigner } from './audio/url-signer.ts';
import { loadNames } from './content/names-content.ts';
import { loadQuran } from './content/quran-content.ts';
import { openContentSource } from './content/source.ts';
import { createCalcForward } from './routes/calc-forward.ts';

async function start(config: Config): Promise<{ server: Server; close(): Promise<void> }> {
  const source = await openContentSource(config);
  const [names, quran, secret] = await Promise.all([loadNames(source), loadQuran(source), loadSigningSecret(config)]);
  const localDirs = quran.reciters.flatMap((r) => (r.source.type === 'local' ? [r.source.dir] : []));
  const media = await openMediaCatalog(config.mediaDir, localDirs);
  const signer = createUrlSigner({ secret, origin: config.mediaOrigin, lifetimeS: config.mediaExpiredTimeS });
  const calc = createCalcForward(config.calcUrl);
  const service = await openServiceDeps(config);
  const app = createApp(config, { service, names, quran, media, signer, calc });
  const server = app.listen(config.port);
  await new Promise((resolve, reject) => server.once('listening', resolve).once('error', reject));
  console.log(`edge: listening on ${config.publicUrl} (content from ${source.location}, calc at ${config.calcUrl})`);
  return {
    server,
    async close() {
      await new Promise((resolve) => {
        server.close(resolve);
        server.closeIdleConnections();
      });
      media.close();
      calc.close();
      await service.close();
    },
  };
}

const config = loadConfigOrExit();
let running: Awaited<ReturnType<typeof start>>;
try {
  running = await start(config);
} catch (error) {
  console.error(`edge: cannot start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

function shutdown(): void {
  void running.close().then(() => process.exit(0));
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
