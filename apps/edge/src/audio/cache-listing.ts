// What an audio directory laid out like MEDIA_DIR holds (quran/<reciter-id>/SSSVVV.mp3):
// the audio cache's index is rebuilt from it at start, and `npm run audio -- status`
// reports it. Listing changes nothing; removeLeftovers tidies what a crash left behind.
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { PART_SUFFIX } from './atomic-file.ts';
import { QURAN_MEDIA_DIR } from './media-catalog.ts';

/** The upstream's Content-Type, beside each cached file. */
export const TYPE_SUFFIX = '.type';
const VERSE_FILE = /^\d{6}\.mp3$/;
// A part this old belongs to no write under way (one takes milliseconds): another
// process (an edge, the mirror command) may be writing the younger ones.
const PART_STALE_MS = 10 * 60_000;

export interface ListedFile {
  /** Path under the directory, e.g. quran/alafasy/002255.mp3. */
  key: string;
  reciterId: string;
  size: number;
  /** Last access time: the least recently used come first. */
  usedMs: number;
}

/** Every verse file under `dir`, least recently used first; an absent directory holds none. */
export async function listCache(dir: string): Promise<ListedFile[]> {
  const files: ListedFile[] = [];
  for (const reciterId of await subdirectories(path.join(dir, QURAN_MEDIA_DIR))) {
    const reciterDir = path.join(dir, QURAN_MEDIA_DIR, reciterId);
    const names = (await entries(reciterDir)).filter((entry) => entry.isFile() && VERSE_FILE.test(entry.name));
    const listed = await Promise.all(
      names.map(async ({ name }) => {
        const stats = await stat(path.join(reciterDir, name)).catch(() => null);
        const key = `${QURAN_MEDIA_DIR}/${reciterId}/${name}`;
        return stats === null ? null : { key, reciterId, size: stats.size, usedMs: stats.atimeMs };
      }),
    );
    for (const file of listed) if (file !== null) files.push(file);
  }
  return files.sort((a, b) => a.usedMs - b.usedMs);
}

/** Creates `dir` if missing, and removes stale partial writes and types whose file is gone. */
export async function removeLeftovers(dir: string, now = Date.now()): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const reciterId of await subdirectories(path.join(dir, QURAN_MEDIA_DIR))) {
    const reciterDir = path.join(dir, QURAN_MEDIA_DIR, reciterId);
    const names = new Set((await entries(reciterDir)).map((entry) => entry.name));
    for (const name of names) {
      const file = path.join(reciterDir, name);
      const orphanType = name.endsWith(TYPE_SUFFIX) && !names.has(name.slice(0, -TYPE_SUFFIX.length));
      const stalePart = name.endsWith(PART_SUFFIX) && (await isOlderThan(file, now - PART_STALE_MS));
      if (orphanType || stalePart) await rm(file, { force: true });
    }
  }
}

async function isOlderThan(file: string, limitMs: number): Promise<boolean> {
  const stats = await stat(file).catch(() => null);
  // ctime: a part gets the upstream's (old) modification time just before its rename.
  return stats !== null && stats.ctimeMs < limitMs;
}

async function subdirectories(dir: string): Promise<string[]> {
  return (await entries(dir)).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

async function entries(dir: string) {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
