// Session storage on disk for the embedded setup: one file per session under
// <DATA_DIR>/sessions, named by the SHA-256 of the session id (a directory
// listing reveals no live session id) and readable by the portal's user only
// (directory 0700, files 0600).
import { createHash } from 'node:crypto';
import { mkdirSync, chmodSync, existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { defineDriver } from 'unstorage';

const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

export const privateFileDriver = defineDriver((options: { base: string }) => {
  mkdirSync(options.base, { recursive: true, mode: DIR_MODE });
  // A directory made by an earlier version may be wider; tighten it.
  chmodSync(options.base, DIR_MODE);
  const fileOf = (key: string) => path.join(options.base, createHash('sha256').update(key).digest('hex'));
  const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';
  return {
    name: 'ira-private-files',
    hasItem: (key: string) => existsSync(fileOf(key)),
    getItem: (key: string) =>
      fs.readFile(fileOf(key), 'utf8').catch((error: unknown) => (missing(error) ? null : Promise.reject(error))),
    async setItem(key: string, value: string) {
      await fs.writeFile(fileOf(key), value, { encoding: 'utf8', mode: FILE_MODE });
    },
    async removeItem(key: string) {
      await fs.unlink(fileOf(key)).catch((error: unknown) => (missing(error) ? undefined : Promise.reject(error)));
    },
    // Keys are not recoverable from their hashes; sessions are only ever read by id.
    getKeys: () => [],
    async clear() {
      for (const name of await fs.readdir(options.base)) await fs.unlink(path.join(options.base, name));
    },
  };
});
