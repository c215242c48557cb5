// Starts a real edge (real content tree, SQLite key store in a temp DATA_DIR, temp
// MEDIA_DIR) on port 0 for the route tests. The content is loaded once per file.
import { mkdtemp, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '@ira/core/runtime/config';
import { annotationsOf } from '@ira/core/runtime/observe/annotations';
import { issueKey } from '@ira/core/runtime/keys/key-service';
import type { KeyLimits } from '@ira/core/runtime/keys/types';
import type { EdgeDeps } from '../app.ts';
import { loadEdgeContent, openEdge, type EdgeContent } from '../open-edge.ts';

export const TEST_SECRET = 'test-media-signing-secret-0123456789abcdef';
/** Bytes of the fixture name audio 01.mp3 (not real MP3 data; the route never decodes). */
export const NAME_AUDIO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
export const LOCAL_RECITER = { id: 'bengali-muhiuddin-khan', verse: '001001' };
/** No test reaches the internet: unless a test names its own upstream, audio is fetched from a closed port. */
export const CLOSED_UPSTREAM_URL = 'http://127.0.0.1:1';

export interface Edge {
  url: string;
  config: Config;
  deps: EdgeDeps;
  /** A key with `limits` (deployment defaults otherwise). */
  key(limits?: Partial<KeyLimits>): Promise<string>;
  /** A file outside MEDIA_DIR that a symlink inside points at. */
  outsideFile: string;
  /** The route pattern of each answer sent (the access log's `route`; '' for none), in the order they finished. */
  routes: string[];
  close(): Promise<void>;
}

let content: Promise<EdgeContent> | undefined;

export async function startEdge(env: Record<string, string> = {}): Promise<Edge> {
  const root = await mkdtemp(path.join(tmpdir(), 'ira-edge-'));
  const media = path.join(root, 'media');
  const outsideFile = await writeMediaFixture(root, media);
  const config = loadConfig({
    DATA_DIR: path.join(root, 'data'),
    MEDIA_DIR: media,
    MEDIA_SIGNING_SECRET: TEST_SECRET,
    AUDIO_UPSTREAM_URL: CLOSED_UPSTREAM_URL,
    ...env,
  });
  // The server's own wiring; the tree is loaded once per test file and shared.
  content ??= loadEdgeContent(config);
  const edge = await openEdge(config, await content);
  const { deps } = edge;
  const handle = edge.app.callback();
  const routes: string[] = [];
  const server = createServer((req, res) => {
    res.once('finish', () => routes.push(annotationsOf(res).route ?? ''));
    return handle(req, res);
  });
  await listen(server);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    config,
    deps,
    outsideFile,
    routes,
    key: async (limits) => (await issueKey(deps.service.store, { userId: null, name: 'edge test', limits })).key,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await edge.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** Name 01 audio, one local verse, and a symlink that points out of the media root. */
async function writeMediaFixture(root: string, media: string): Promise<string> {
  const outsideFile = path.join(root, 'secret.mp3');
  await writeFile(outsideFile, 'not for clients');
  await mkdir(path.join(media, 'asma-ul-husna'), { recursive: true });
  await writeFile(path.join(media, 'asma-ul-husna', '01.mp3'), NAME_AUDIO);
  await symlink(outsideFile, path.join(media, 'asma-ul-husna', '02.mp3'));
  await mkdir(path.join(media, 'quran', LOCAL_RECITER.id), { recursive: true });
  await writeFile(
    path.join(media, 'quran', LOCAL_RECITER.id, `${LOCAL_RECITER.verse}.mp3`),
    NAME_AUDIO.subarray(0, 10),
  );
  return outsideFile;
}

export function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', () => resolve()));
}

/** GET with the key in the header; returns status, headers and the parsed body. */
export async function getJson(
  url: string,
  key: string | null,
  init: RequestInit = {},
): Promise<{ status: number; headers: Headers; body: any }> {
  const headers = new Headers(init.headers);
  if (key !== null) headers.set('X-API-Key', key);
  const response = await fetch(url, { ...init, headers, redirect: 'manual' });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? null : JSON.parse(text) };
}
