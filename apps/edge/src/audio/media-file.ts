// Opens a file under MEDIA_DIR and nothing else: the real path (symlinks resolved)
// must lie inside the real media root, and the last component is opened without
// following links, so a link swapped in after the check is refused too.
import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export interface MediaFile {
  handle: FileHandle;
  size: number;
  mtimeMs: number;
}

/** The open file, or null when it does not exist or is not allowed. */
export async function openMediaFile(mediaDir: string, relativePath: string): Promise<MediaFile | null> {
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
