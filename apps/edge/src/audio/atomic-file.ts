// Audio files are written under a temporary name beside their final one and renamed into
// place (rename is atomic within a directory's file system), so a crash or a failed
// download never leaves a partial file under a name that is served. Leftover parts are
// removed by whoever opens the directory next (audio-cache.ts, the mirror command).
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm, utimes } from 'node:fs/promises';
import path from 'node:path';

/** Temporary files end so; no served name does (media-catalog.ts lists only NN.mp3 and SSSVVV.mp3). */
export const PART_SUFFIX = '.part';

/**
 * Writes `bytes` to `file`, its modification time set to `mtimeMs` (the ETag and
 * Last-Modified come from it). The data reach the disk before the rename, so after a
 * power cut the name holds either nothing or the whole file.
 */
export async function writeFileAtomic(file: string, bytes: Buffer | string, mtimeMs?: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const part = `${path.dirname(file)}/.${path.basename(file)}.${randomBytes(6).toString('hex')}${PART_SUFFIX}`;
  try {
    const handle = await open(part, 'wx');
    try {
      await handle.writeFile(bytes);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    if (mtimeMs !== undefined) await utimes(part, new Date(), new Date(mtimeMs));
    await rename(part, file);
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}
