// Opens a file under MEDIA_DIR and nothing else: the real path (symlinks resolved)
// must lie inside the real media root, and the last component is opened without
// following links, so a link swapped in after the check is refused too.
//
// A small file (a verse or a Name) is read whole and kept for a few seconds, so the
// Range reads a player makes one after another are slices of memory: opening, checking
// and reading the file for every 64 KB was six trips to libuv's thread pool per request
// (bench: audio-range-64k).
import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';

interface FileFacts {
  size: number;
  mtimeMs: number;
}

/** Kept files are whole in `bytes`; larger ones come open, for the caller to stream and close. */
export type MediaFile = FileFacts & ({ kind: 'bytes'; bytes: Buffer } | { kind: 'handle'; handle: FileHandle });

export interface MediaFileOptions {
  /** Files up to this size are read whole and kept. */
  keepFileMaxBytes?: number;
  /** All kept files together. */
  keptMaxBytes?: number;
  /** How long a kept file is served without looking at the disk: a file replaced or removed shows within this. */
  keepMs?: number;
  /** The clock of that keep time in milliseconds (tests); `performance.now` by default. */
  now?: () => number;
}

const KEEP_FILE_MAX_BYTES = 1024 * 1024;
const KEPT_MAX_BYTES = 8 * 1024 * 1024;
const KEEP_MS = 5_000;

/** The opener of MEDIA_DIR's files: resolves to null when a file does not exist or is not allowed. */
export function createMediaFiles(
  mediaDir: string,
  options: MediaFileOptions = {},
): (relativePath: string) => Promise<MediaFile | null> {
  const keepFileMaxBytes = options.keepFileMaxBytes ?? KEEP_FILE_MAX_BYTES;
  const kept = new LRUCache<string, MediaFile & { kind: 'bytes' }>({
    maxSize: options.keptMaxBytes ?? KEPT_MAX_BYTES,
    sizeCalculation: (file) => Math.max(1, file.size),
    ttl: options.keepMs ?? KEEP_MS,
    // A given clock is read on every lookup (lru-cache otherwise keeps its reading for 1 ms).
    ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}),
  });
  /** Reads a small file whole and keeps it; a larger one comes open, for its caller alone. */
  async function read(relativePath: string): Promise<MediaFile | null> {
    const opened = await openMediaFile(mediaDir, relativePath);
    if (opened === null || opened.size > keepFileMaxBytes)
      return opened === null ? null : { kind: 'handle', ...opened };
    let bytes: Buffer;
    try {
      bytes = await opened.handle.readFile();
    } finally {
      await opened.handle.close();
    }
    // What was read is what is served: a file that changed between stat and read keeps its read length.
    const file = { kind: 'bytes' as const, bytes, size: bytes.length, mtimeMs: opened.mtimeMs };
    kept.set(relativePath, file);
    return file;
  }

  // When a kept file's time ends under load, every connection asks for it at once: they
  // share the one read under way (lru-cache's fetch() would too, but keeps what it
  // fetches, and a larger file's open handle belongs to one caller).
  const reading = new Map<string, Promise<MediaFile | null>>();
  return async (relativePath) => {
    const known = kept.get(relativePath);
    if (known !== undefined) return known;
    const underWay = reading.get(relativePath);
    if (underWay !== undefined) {
      const file = await underWay;
      return file?.kind === 'handle' ? read(relativePath) : file;
    }
    const reads = read(relativePath);
    reading.set(relativePath, reads);
    try {
      return await reads;
    } finally {
      reading.delete(relativePath);
    }
  };
}

async function openMediaFile(
  mediaDir: string,
  relativePath: string,
): Promise<(FileFacts & { handle: FileHandle }) | null> {
  let root: string;
  let real: string;
  try {
    root = await realpath(mediaDir);
    real = await realpath(path.join(root, relativePath));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  if (!real.startsWith(root + path.sep)) return null;
  let handle: FileHandle;
  try {
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return null;
    throw error;
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    return null;
  }
  return { handle, size: stats.size, mtimeMs: stats.mtimeMs };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
