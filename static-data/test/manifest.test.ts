import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '@ira/core/contract/content-format';
import { DIST_DIR, distBytes, distJson, QURAN_JSON_DIR } from './dist-files.ts';

const manifest = distJson<Manifest>('manifest.json');
const require = createRequire(import.meta.url);
const SOURCE_DIR = fileURLToPath(new URL('../source/', import.meta.url));

/** The start of a file's SHA-256: the version the manifest gives a file that has no other. */
const shortDigest = (path: string): string =>
  createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12);

/** Every entry under dist, symlinks included, without following them. */
function walk(dir: string): { path: string; isFile: boolean; isSymlink: boolean }[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    const stat = lstatSync(full);
    const path = relative(DIST_DIR, full).split(sep).join('/');
    if (stat.isDirectory()) return walk(full);
    return [{ path, isFile: stat.isFile(), isSymlink: stat.isSymbolicLink() }];
  });
}

describe('manifest.json', () => {
  it('is schema 1 and names the versions of the text and position packages', () => {
    expect(manifest.schema).toBe(1);
    expect(manifest.sources['quran-json']).toBe(require('quran-json/package.json').version);
    expect(manifest.sources['quran-meta']).toBe(require('quran-meta/package.json').version);
    expect(manifest.sources.english).toMatch(/Saheeh International/);
    expect(manifest.sources.bengali).toMatch(/Muhiuddin Khan/);
  });

  it('names every file of static-data/source the build reads (all its JSON files)', () => {
    const named = Object.values(manifest.sources).join('\n');
    const files = readdirSync(SOURCE_DIR, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.json'),
    );
    // names, reciters, Bengali surah names, 6 corrections, 2 punctuation
    expect(files.length).toBeGreaterThanOrEqual(11);
    expect(
      files.map((file) => file.split(sep).join('/')).filter((file) => !named.includes(`static-data/source/${file}`)),
    ).toEqual([]);
  });

  it("versions the project's own files and the Arabic text by the SHA-256 of the bytes built", () => {
    expect(manifest.sources.names).toContain(
      `static-data/source/names.json, sha256 ${shortDigest(join(SOURCE_DIR, 'names.json'))}`,
    );
    expect(manifest.sources.reciters).toContain(
      `static-data/source/reciters.json, sha256 ${shortDigest(join(SOURCE_DIR, 'reciters.json'))}`,
    );
    const bengaliDigest = shortDigest(join(SOURCE_DIR, 'surah-names-bn.json'));
    const bengaliNames = `static-data/source/surah-names-bn.json, sha256 ${bengaliDigest}`;
    expect(manifest.sources['surah-names-bengali']).toContain(bengaliNames);
    const arabicDigest = shortDigest(join(QURAN_JSON_DIR, 'dist', 'quran.json'));
    const arabic = `quran-json ${require('quran-json/package.json').version} dist/quran.json, sha256 ${arabicDigest}`;
    expect(manifest.sources.arabic).toContain(arabic);
  });

  it('lists every other file of the tree exactly once, sorted by path', () => {
    const paths = walk(DIST_DIR)
      .map((entry) => entry.path)
      .filter((path) => path !== 'manifest.json');
    expect(Object.keys(manifest.files)).toEqual([...paths].sort());
    // names, surahs with offsets, the other Quran files, 6 divisions + sajda, 4 search indexes, the gazetteer;
    // per translation edition its 114 surahs and its search index, and the editions list
    const editions = (
      JSON.parse(readFileSync(join(SOURCE_DIR, 'translations/translations.lock.json'), 'utf8')) as {
        editions: unknown[];
      }
    ).editions.length;
    expect(paths).toHaveLength(99 + 2 + 114 * 2 + 3 + 7 + 4 + 1 + editions * (114 + 1) + 1);
  });

  it('records the sha256 and size of each file as it is on disk', () => {
    for (const [path, entry] of Object.entries(manifest.files)) {
      const bytes = distBytes(path);
      expect(bytes.length, path).toBe(entry.bytes);
      expect(createHash('sha256').update(bytes).digest('hex'), path).toBe(entry.sha256);
    }
  });

  it('holds only regular files, no symlinks', () => {
    for (const entry of walk(DIST_DIR)) {
      expect(entry.isSymlink, entry.path).toBe(false);
      expect(entry.isFile, entry.path).toBe(true);
    }
  });
});
