// Which audio files exist under MEDIA_DIR ("audio present only when available",
// docs/api-decisions.md). Directories are listed at start and again every minute, so
// building a response never touches the disk.
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

const MEDIA_RESCAN_INTERVAL_MS = 60_000;
const NAME_FILE = /^(\d{2})\.mp3$/;
const VERSE_FILE = /^(\d{6})\.mp3$/;

export const NAMES_MEDIA_DIR = 'asma-ul-husna';
export const QURAN_MEDIA_DIR = 'quran';

export interface MediaCatalog {
  hasName(number: number): boolean;
  /** Verse audio of a local reciter (its catalog `dir`), by verse id (SSSVVV). */
  hasVerse(reciterDir: string, verseId: string): boolean;
  /** How many verse files a local reciter (its catalog `dir`) has. */
  verseCount(reciterDir: string): number;
  /** Re-lists the directories now (also done periodically). */
  refresh(): Promise<void>;
  /** Goes up with every rescan that finds other files: what was answered under an older one may name them. */
  readonly generation: number;
  close(): void;
}

interface Snapshot {
  names: Set<number>;
  verses: Map<string, Set<string>>;
}

export async function openMediaCatalog(
  mediaDir: string | null,
  localReciterDirs: readonly string[],
): Promise<MediaCatalog> {
  let snapshot = await scan(mediaDir, localReciterDirs);
  let generation = 0;
  const refresh = async (): Promise<void> => {
    const next = await scan(mediaDir, localReciterDirs);
    if (sameFiles(next, snapshot)) return;
    snapshot = next;
    generation += 1;
  };
  const timer =
    mediaDir === null ? null : setInterval(() => void refresh().catch(reportScanError), MEDIA_RESCAN_INTERVAL_MS);
  timer?.unref();
  return {
    hasName: (number) => snapshot.names.has(number),
    hasVerse: (reciterDir, verseId) => snapshot.verses.get(reciterDir)?.has(verseId) ?? false,
    verseCount: (reciterDir) => snapshot.verses.get(reciterDir)?.size ?? 0,
    refresh,
    get generation() {
      return generation;
    },
    close: () => {
      if (timer !== null) clearInterval(timer);
    },
  };
}

async function scan(mediaDir: string | null, localReciterDirs: readonly string[]): Promise<Snapshot> {
  if (mediaDir === null) return { names: new Set(), verses: new Map() };
  const root = await realpath(mediaDir).catch(() => mediaDir);
  const nameFiles = await listFiles(root, path.join(root, NAMES_MEDIA_DIR), NAME_FILE);
  const verses = new Map<string, Set<string>>();
  for (const dir of localReciterDirs) {
    verses.set(dir, await listFiles(root, path.join(root, QURAN_MEDIA_DIR, dir), VERSE_FILE));
  }
  return { names: new Set([...nameFiles].map(Number)), verses };
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}

/** Both scans list the same reciters (the catalog's own) with the same files each. */
function sameFiles(a: Snapshot, b: Snapshot): boolean {
  if (!sameSet(a.names, b.names)) return false;
  for (const [dir, files] of a.verses) if (!sameSet(files, b.verses.get(dir) ?? new Set())) return false;
  return true;
}

/** The captured part of every matching entry; a missing directory is simply empty. */
async function listFiles(root: string, dir: string, pattern: RegExp): Promise<Set<string>> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw error;
  }
  const found = new Set<string>();
  for (const entry of entries) {
    const match = pattern.exec(entry.name);
    if (match === null) continue;
    if (entry.isFile() || (entry.isSymbolicLink() && (await linksInside(root, path.join(dir, entry.name)))))
      found.add(match[1]!);
  }
  return found;
}

/** A symlink counts only when it resolves to a file inside the media root (as the audio route requires). */
async function linksInside(root: string, link: string): Promise<boolean> {
  try {
    const target = await realpath(link);
    return target.startsWith(root + path.sep) && (await stat(target)).isFile();
  } catch {
    return false;
  }
}

function reportScanError(error: unknown): void {
  console.error('media rescan failed; keeping the previous listing', error);
}
