// The disk cache of proxied recitations (AUDIO_CACHE_DIR), laid out like MEDIA_DIR:
// quran/<reciter-id>/SSSVVV.mp3, each beside a one-line SSSVVV.mp3.type holding the
// upstream's Content-Type. Files are written atomically (atomic-file.ts) and keep the
// upstream's Last-Modified as their modification time, so their ETag is the one given while
// they streamed through. AUDIO_CACHE_MAX_MB bounds the files: the least recently used go
// first. Recency lives in memory and, at most every USE_PERSIST_INTERVAL_MS per file, in
// the file's access time, from which the index is rebuilt at start.
import { lstat, readFile, rm, utimes } from 'node:fs/promises';
import path from 'node:path';
import { serviceLogger } from '@ira/core/runtime/observe/logger';
import { writeFileAtomic } from './atomic-file.ts';
import { listCache, removeLeftovers, TYPE_SUFFIX } from './cache-listing.ts';
import { createMediaFiles, type MediaFile } from './media-file.ts';

const USE_PERSIST_INTERVAL_MS = 10 * 60_000;
// What a file with no readable type beside it is served as (the catalogue's layout is SSSVVV.mp3).
const DEFAULT_TYPE = 'audio/mpeg';

export interface CachedAudio {
  file: MediaFile;
  type: string;
}

export interface AudioCache {
  readonly dir: string;
  /** The cached file at `key` (`quran/<reciter-id>/SSSVVV.mp3`), most recently used from now on; null if not kept. */
  open(key: string): Promise<CachedAudio | null>;
  /** Keeps `bytes` as `key`, then evicts past the bound; false when not kept (too large, or the disk failed). */
  store(key: string, bytes: Buffer, type: string, mtimeMs: number): Promise<boolean>;
  /** Files and bytes kept now. */
  usage(): { files: number; bytes: number };
}

interface Entry {
  size: number;
  /** null until read from the file beside it (after a restart). */
  type: string | null;
  /** When the access time on disk was last set. */
  persistedUseMs: number;
}

const log = serviceLogger('audio-cache');

/** Opens the cache at `dir` (created if missing), its index rebuilt from the files, least recently used first. */
export async function openAudioCache(dir: string, maxBytes: number): Promise<AudioCache> {
  await removeLeftovers(dir);
  const index = createIndex(maxBytes);
  for (const file of await listCache(dir))
    index.add(file.key, { size: file.size, type: null, persistedUseMs: file.usedMs });
  const openFile = createMediaFiles(dir);
  const evict = () => Promise.all(index.overflow().map((key) => removeFiles(dir, key)));
  /** A file on disk but not in the index: put there by the mirror command while this process ran. */
  async function adopt(key: string): Promise<Entry | undefined> {
    // The disk itself, not the opener's kept copies: a file evicted a moment ago may still be kept in memory.
    const stats = await lstat(path.join(dir, key)).catch(() => null);
    if (stats === null || !stats.isFile()) return undefined;
    index.add(key, { size: stats.size, type: null, persistedUseMs: Date.now() });
    await evict();
    return index.get(key);
  }

  await evict();
  return {
    dir,
    async open(key) {
      const entry = index.get(key) ?? (await adopt(key));
      if (entry === undefined) return null;
      const file = await openFile(key);
      if (file === null) {
        index.forget(key);
        return null;
      }
      index.touch(key, entry);
      entry.type ??= await readType(dir, key);
      persistUse(dir, key, entry, file.mtimeMs);
      return { file, type: entry.type };
    },
    async store(key, bytes, type, mtimeMs) {
      if (bytes.length > maxBytes) return false;
      const file = path.join(dir, key);
      try {
        // The type first: a crash between the two renames leaves a type without a file, never the reverse.
        await writeFileAtomic(`${file}${TYPE_SUFFIX}`, `${type}\n`);
        await writeFileAtomic(file, bytes, mtimeMs);
      } catch (error) {
        log.error({ err: error }, `audio cache: cannot keep ${key}; it was served but not kept`);
        return false;
      }
      index.add(key, { size: bytes.length, type, persistedUseMs: Date.now() });
      await evict();
      return true;
    },
    usage: index.usage,
  };
}

/** The cached files by key, least recently used first (a Map keeps insertion order), and their total size. */
function createIndex(maxBytes: number) {
  const entries = new Map<string, Entry>();
  let total = 0;
  const forget = (key: string) => {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    total -= entry.size;
  };
  return {
    get: (key: string) => entries.get(key),
    forget,
    add(key: string, entry: Entry) {
      forget(key);
      entries.set(key, entry);
      total += entry.size;
    },
    /** Makes `key` the most recently used. */
    touch(key: string, entry: Entry) {
      entries.delete(key);
      entries.set(key, entry);
    },
    /** Drops the least recently used entries until the rest fit in the bound; their keys, for removal. */
    overflow(): string[] {
      const victims: string[] = [];
      for (const key of entries.keys()) {
        if (total <= maxBytes) break;
        victims.push(key);
        forget(key);
      }
      return victims;
    },
    usage: () => ({ files: entries.size, bytes: total }),
  };
}

/** Sets the file's access time to now (its modification time stays the upstream's), at most every interval. */
function persistUse(dir: string, key: string, entry: Entry, mtimeMs: number): void {
  const now = Date.now();
  if (now - entry.persistedUseMs < USE_PERSIST_INTERVAL_MS) return;
  entry.persistedUseMs = now;
  utimes(path.join(dir, key), new Date(now), new Date(mtimeMs)).catch(() => {});
}

async function readType(dir: string, key: string): Promise<string> {
  try {
    const type = (await readFile(path.join(dir, `${key}${TYPE_SUFFIX}`), 'utf8')).trim();
    return type === '' ? DEFAULT_TYPE : type;
  } catch {
    return DEFAULT_TYPE;
  }
}

async function removeFiles(dir: string, key: string): Promise<void> {
  const file = path.join(dir, key);
  await Promise.all([rm(file, { force: true }), rm(`${file}${TYPE_SUFFIX}`, { force: true })]);
}
