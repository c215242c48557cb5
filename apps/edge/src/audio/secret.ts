// Where the signing secret comes from: MEDIA_SIGNING_SECRET, or a development
// secret generated once under DATA_DIR and shared by every local process.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '@ira/core/runtime/config';
import { makeDataDir } from '@ira/core/runtime/data-dir';

const SECRET_FILE = 'media-signing-secret';
const SECRET_BYTES = 32;

export async function loadSigningSecret(config: Pick<Config, 'mediaSigningSecret' | 'dataDir'>): Promise<string> {
  if (config.mediaSigningSecret !== null) return config.mediaSigningSecret;
  const file = path.join(config.dataDir, SECRET_FILE);
  makeDataDir(config.dataDir);
  try {
    // 'wx' fails when the file exists, so concurrent first starts agree on one secret.
    await writeFile(file, randomBytes(SECRET_BYTES).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return waitForSecret(file);
}

/** Another process may have created the file a moment ago and not written it yet. */
async function waitForSecret(file: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const secret = (await readFile(file, 'utf8')).trim();
    if (secret.length >= SECRET_BYTES) return secret;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${file} is empty or too short; delete it to generate a new development secret`);
}
