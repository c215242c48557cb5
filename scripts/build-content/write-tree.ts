// Writes the tree into a staging directory beside the target, then swaps it into place
// with renames, so readers never see a half-written tree.
import { chmod, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const TREE_DIR_MODE = 0o755;
// Files written at once: the translation editions make the tree ~12,000 files, which one at a
// time wait on the disk in turn.
const WRITE_CONCURRENCY = 32;

/** `files` maps POSIX relative paths to bytes; paths must not escape the tree. */
export async function writeTreeAtomically(outDir: string, files: ReadonlyMap<string, Buffer>): Promise<void> {
  const parent = dirname(outDir);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(join(parent, `.${basename(outDir)}-staging-`));
  try {
    await chmod(staging, TREE_DIR_MODE); // mkdtemp makes 0700; the tree is public content
    const dirs = new Set([...files.keys()].map((path) => dirname(join(staging, path))));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    const entries = [...files];
    for (let i = 0; i < entries.length; i += WRITE_CONCURRENCY) {
      const batch = entries.slice(i, i + WRITE_CONCURRENCY);
      await Promise.all(batch.map(([path, bytes]) => writeFile(join(staging, path), bytes)));
    }
    await swapInto(staging, outDir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

async function swapInto(staging: string, outDir: string): Promise<void> {
  try {
    await rename(staging, outDir); // succeeds when the target is absent or an empty dir
    return;
  } catch (error) {
    if (!isCode(error, 'ENOTEMPTY') && !isCode(error, 'EEXIST')) throw error;
  }
  const previous = `${staging}-previous`;
  await rename(outDir, previous);
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
