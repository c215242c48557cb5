// Reads the precomputed content tree (static-data/dist, see the build's format doc)
// from a local directory or from CONTENT_ORIGIN over HTTP. Every file is checked
// against the sha256 in manifest.json, so a stale or tampered copy never serves.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.ts';

const MANIFEST_PATH = 'manifest.json';
const CONTENT_FETCH_TIMEOUT_MS = 15_000;

import type { Manifest } from '../contract/content-format.ts';

export type { Manifest } from '../contract/content-format.ts';

export interface ContentSource {
  readonly manifest: Manifest;
  /** Where the tree comes from, for start-up messages. */
  readonly location: string;
  /** The verified bytes of a file listed in the manifest. */
  read(relativePath: string): Promise<Buffer>;
}

type Fetcher = (relativePath: string) => Promise<Buffer>;

export async function openContentSource(config: Pick<Config, 'contentDir' | 'contentOrigin'>): Promise<ContentSource> {
  const origin = config.contentOrigin;
  const fetcher: Fetcher = origin === null ? localFetcher(config.contentDir) : httpFetcher(origin);
  const location = origin ?? config.contentDir;
  let manifest: Manifest;
  try {
    manifest = parseManifest(await fetcher(MANIFEST_PATH));
  } catch (error) {
    throw new Error(
      `cannot read the content tree at ${location} (run \`npm run build\` first): ${(error as Error).message}`,
      { cause: error },
    );
  }
  return { manifest, location, read: (relativePath) => readVerified(manifest, fetcher, relativePath) };
}

async function readVerified(manifest: Manifest, fetcher: Fetcher, relativePath: string): Promise<Buffer> {
  const entry = Object.hasOwn(manifest.files, relativePath) ? manifest.files[relativePath] : undefined;
  if (entry === undefined) throw new Error(`${relativePath} is not listed in the content manifest`);
  const bytes = await fetcher(relativePath);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== entry.sha256 || bytes.length !== entry.bytes) {
    throw new Error(`${relativePath} does not match its manifest entry (sha256 ${actual}, ${bytes.length} bytes)`);
  }
  return bytes;
}

function localFetcher(dir: string): Fetcher {
  return (relativePath) => readFile(path.join(dir, relativePath));
}

function httpFetcher(origin: string): Fetcher {
  return async function fetchContent(relativePath) {
    const url = `${origin}/${relativePath}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(CONTENT_FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
}

function parseManifest(bytes: Buffer): Manifest {
  const manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  if (manifest.schema !== 1 || typeof manifest.files !== 'object' || manifest.files === null) {
    throw new Error('manifest.json is not a schema 1 content manifest');
  }
  return manifest;
}
