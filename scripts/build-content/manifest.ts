// manifest.json: each source with its version and each dataset with its licence
// (manifest-sources.ts), then every other file of the tree with its sha256 (the edge's
// ETag and the integrity check for content read over HTTP) and byte size, sorted by path.
import { createHash } from 'node:crypto';
import type { Manifest } from '@ira/core/contract/content-format';

export const MANIFEST_PATH = 'manifest.json';
export const MANIFEST_SCHEMA = 1;

export function renderManifest(
  files: ReadonlyMap<string, Buffer>,
  sources: Manifest['sources'],
  licences: Manifest['licences'],
): Buffer {
  const entries: Manifest['files'] = {};
  // Plain code-unit order, never locale-dependent, so the bytes are reproducible.
  for (const path of [...files.keys()].sort()) {
    const bytes = files.get(path) as Buffer;
    entries[path] = { sha256: createHash('sha256').update(bytes).digest('hex'), bytes: bytes.length };
  }
  const manifest: Manifest = { schema: MANIFEST_SCHEMA, sources, licences, files: entries };
  return Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
}
