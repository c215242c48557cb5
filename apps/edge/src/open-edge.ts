// Everything the edge opens at start (content tree, media listing, signing
// secret, calc forwarder, key store and Redis) and the one close for all of it.
import type { Config } from '@ira/core/config';
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
export async function openEdge(config: Config) {
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
