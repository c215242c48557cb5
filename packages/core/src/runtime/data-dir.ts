// DATA_DIR holds the accounts database (emails, Argon2 hashes, key hashes), the development
// key and the signing secret: a directory this process makes is readable by its user only.
// One that exists already keeps the mode its operator gave it (a mounted volume may not be
// ours to change); every file the services write in it is 0600 either way.
import { mkdirSync } from 'node:fs';

export const DATA_DIR_MODE = 0o700;

export function makeDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DATA_DIR_MODE });
}
