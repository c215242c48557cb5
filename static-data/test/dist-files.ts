// Read helpers for the data tests: they check the built tree (static-data/dist) as the
// edge will read it, against the package data read directly, never through the build code.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

export function distBytes(path: string): Buffer {
  return readFileSync(join(DIST_DIR, path));
}

export function distJson<T>(path: string): T {
  return JSON.parse(distBytes(path).toString('utf8')) as T;
}

const require = createRequire(import.meta.url);
export const QURAN_JSON_DIR = dirname(require.resolve('quran-json/package.json'));

export function quranJsonFile<T>(file: string): T {
  return JSON.parse(readFileSync(join(QURAN_JSON_DIR, 'dist', file), 'utf8')) as T;
}

export function surahPath(surah: number, suffix = '.json'): string {
  return `quran/surah/${String(surah).padStart(3, '0')}${suffix}`;
}
