// Boots the real API for the portal's tests: calc and edge in this process
// (their createApp, real content tree, SQLite key store in a temp DATA_DIR),
// on free ports, with the shared config both services would read at start.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '@ira/core/runtime/config';
import { openServiceDeps, type ServiceDeps } from '@ira/core/runtime/service-deps';
import { createApp as createCalcApp } from '@ira/calc/src/app.ts';
import { builtPlaces } from '@ira/calc/src/test-support/places.ts';
import { openEdge } from '@ira/edge/src/open-edge.ts';
import { startTestUpstream } from '@ira/edge/src/testing/test-upstream.ts';
import { freePort } from '@ira/testing/free-port';

export const MEDIA_SECRET = 'portal-test-media-signing-secret-0123456789';

export interface Stack {
  root: string;
  config: Config;
  /** The env the services were configured with (for starting the portal too). */
  env: Record<string, string>;
  deps: ServiceDeps;
  /** Writes the usage counts both services hold (calc's and the edge's recorders). */
  flushUsage(): Promise<void>;
  close(): Promise<void>;
}

async function listenAnywhere(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as AddressInfo).port;
}

const closeServer = (server: http.Server) =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(resolve);
  });

type Closers = Array<() => Promise<unknown>>;

async function closeAll(opened: Closers): Promise<void> {
  while (opened.length > 0) await opened.pop()!();
}

export async function startStack(extraEnv: Record<string, string> = {}): Promise<Stack> {
  // What is opened, closed last first by close() or when a later step of the start fails.
  const opened: Closers = [];
  try {
    return await openStack(extraEnv, opened);
  } catch (error) {
    await closeAll(opened);
    throw error;
  }
}

async function openStack(extraEnv: Record<string, string>, opened: Closers): Promise<Stack> {
  const root = await mkdtemp(path.join(tmpdir(), 'ira-portal-'));
  // A proxied recitation may still be landing in the audio cache: rm retries ENOTEMPTY.
  opened.push(() => rm(root, { recursive: true, force: true, maxRetries: 5 }));
  const media = path.join(root, 'media');
  await mkdir(path.join(media, 'asma-ul-husna'), { recursive: true });
  await writeFile(path.join(media, 'asma-ul-husna', '01.mp3'), Buffer.alloc(2048, 7));
  // The API's servers listen first, on ports of their own, so no other process can take them
  // between choosing and listening; the portal is a child process started later (portal-process.ts).
  const [edgeServer, calcServer] = [http.createServer(), http.createServer()];
  const port = await listenAnywhere(edgeServer);
  opened.push(() => closeServer(edgeServer));
  const calcPort = await listenAnywhere(calcServer);
  opened.push(() => closeServer(calcServer));
  const portalPort = await freePort();
  // Proxied recitations (AUDIO_MODE=proxy) come from loopback, never the internet.
  const audioUpstream = await startTestUpstream({ everyVerseBytes: 4096 });
  opened.push(() => audioUpstream.stop());
  const env: Record<string, string> = {
    DATA_DIR: path.join(root, 'data'),
    MEDIA_DIR: media,
    MEDIA_SIGNING_SECRET: MEDIA_SECRET,
    AUDIO_UPSTREAM_URL: audioUpstream.url,
    PORT: String(port),
    CALC_PORT: String(calcPort),
    PORTAL_PORT: String(portalPort),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PORTAL_URL: `http://127.0.0.1:${portalPort}`,
    // Every test account is made from 127.0.0.1; the limit has its own test.
    SIGN_UP_LIMIT_PER_HOUR: '1000',
    ...extraEnv,
  };
  const config = loadConfig(env);
  const deps = await openServiceDeps(config);
  opened.push(() => deps.close());
  calcServer.on('request', createCalcApp(config, deps, { places: await builtPlaces() }).callback());

  // The edge's own start-up wiring (apps/edge/src/open-edge.ts), as its server uses it.
  const edge = await openEdge(config);
  opened.push(() => edge.close());
  edgeServer.on('request', edge.app.callback());

  return {
    root,
    config,
    env,
    deps,
    async flushUsage() {
      await Promise.all([deps.usage.flush(), edge.deps.service.usage.flush()]);
    },
    async close() {
      // The servers first, so no request arrives while the rest closes (closing them again is a no-op).
      await closeServer(edgeServer);
      await closeServer(calcServer);
      await closeAll(opened);
    },
  };
}
