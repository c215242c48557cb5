import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@ira/core/runtime/config';
import { listen } from './testing/edge-harness.ts';
import { loadNames } from './names/names-content.ts';
import { loadQuran } from './quran/quran-content.ts';
import { openContentSource } from '@ira/core/runtime/content-source';

const contentDir = loadConfig({}).contentDir;
const TAMPERED = 'names/02.json';
const requested: string[] = [];

// A CDN stand-in serving the built tree, with one file altered in transit.
const origin = createServer(async (req, res) => {
  const relative = req.url!.replace(/^\/cdn\//, '');
  requested.push(relative);
  try {
    const bytes = await readFile(path.join(contentDir, relative));
    res.end(relative === TAMPERED ? Buffer.concat([bytes, Buffer.from(' ')]) : bytes);
  } catch {
    res.writeHead(404).end();
  }
});
let originUrl: string;
beforeAll(async () => {
  await listen(origin);
  originUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/cdn`;
});
afterAll(() => new Promise((resolve) => origin.close(resolve)));

describe('openContentSource (local directory)', () => {
  it('reads listed files, verified against the manifest', async () => {
    const source = await openContentSource({ contentDir, contentOrigin: null });
    expect(JSON.parse((await source.read('names/01.json')).toString()).name).toBe('Ar-Rahman');
    await expect(source.read('../package.json')).rejects.toThrow('not listed in the content manifest');
  });

  it('fails with a hint when the tree is missing', async () => {
    await expect(openContentSource({ contentDir: '/nonexistent-tree', contentOrigin: null })).rejects.toThrow(
      /npm run build/,
    );
  });
});

describe('openContentSource (CONTENT_ORIGIN over HTTP)', () => {
  it('fetches <origin>/<path> and loads the whole Quran from it', async () => {
    const source = await openContentSource({ contentDir: '/unused', contentOrigin: originUrl });
    const quran = await loadQuran(source);
    expect((await quran.surah(114)).verses).toHaveLength(6);
    expect(requested).toContain('quran/surah/114.offsets.json');
  });

  it('refuses a file whose bytes do not match the manifest sha256', async () => {
    const source = await openContentSource({ contentDir: '/unused', contentOrigin: originUrl });
    await expect(source.read(TAMPERED)).rejects.toThrow('does not match its manifest entry');
    await expect(loadNames(source)).rejects.toThrow(TAMPERED);
  });
});
